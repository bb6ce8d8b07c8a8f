//! The database schema, one migration per version.
//!
//! The schema is where the store's invariants are stated, so that no
//! command (and no hand edit through another SQLite client) can save an
//! impossible table: a card sits in a deck once, in the pile left or the
//! pile drawn but not both; one deck per name, whatever its case; one open
//! Funhouse run; scores within range; a troll slot from 1 to 6; a domino
//! once on the penguins' board. What SQL cannot say (that a deck of cards
//! holds exactly the 52 cards) is checked again when rows are read back into
//! the game types.
//!
//! `PRAGMA user_version` holds the version; `PRAGMA application_id` marks
//! the file as tablemate's. Migrations only ever append: version N is
//! `MIGRATIONS[..N]` applied in order.

/// Marks a SQLite file as tablemate's ("TbMt").
pub const APPLICATION_ID: i32 = 0x5462_4d74;

/// Each entry moves the schema up one version.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3];

/// The version this build writes.
pub const VERSION: i32 = MIGRATIONS.len() as i32;

/// The tables a store of the current version holds.
pub const TABLES: &[&str] = &[
    "deck_items",
    "decks",
    "funhouse_die",
    "funhouse_runs",
    "funhouse_scores",
    "imported_files",
    "journal",
    "lab_rats_game",
    "penguin_board",
    "penguin_dominoes",
    "saved_rolls",
    "slides_game",
    "tallies",
    "troll_cards",
    "troll_game",
    "troll_play",
];

/// Version 3: Angry Troll and Penguin's Night Out are followed turn by
/// turn, and rolls can be saved by name. The game grew state
/// the two card tables cannot hold (awake bricks, the troll's row and
/// hands, cards set aside, the phase of the turn, variants, stand-ins for
/// cards not yet seen), so it is kept as one checked document, as Slides
/// of Action and Lab Rats are. A game saved in the old tables is read from
/// them and moved here on its next change.
const V3: &str = r#"
-- Penguin's Night Out followed turn by turn: where each domino lies now,
-- the penguins, the buddy tokens and the turn, checked when read back.
ALTER TABLE penguin_board ADD COLUMN play TEXT
    CHECK (play IS NULL OR json_valid(play));

-- Saved rolls: a name, its dice expression and a note.
CREATE TABLE saved_rolls (
    name TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 24),
    expr TEXT NOT NULL CHECK (length(expr) BETWEEN 1 AND 1000),
    note TEXT CHECK (note IS NULL OR length(note) <= 80)
) STRICT;

-- Results of real dice told to `tally`: how often each total came up.
CREATE TABLE tallies (
    expr  TEXT NOT NULL CHECK (length(expr) BETWEEN 1 AND 1000),
    value INTEGER NOT NULL,
    count INTEGER NOT NULL CHECK (count > 0),
    PRIMARY KEY (expr, value)
) STRICT;

-- The journal learns the saved rolls' part (rebuilt, as in version 2).
CREATE TABLE journal_v3 (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'funhouse', 'troll', 'penguins', 'slides',
                            'lab-rats', 'rolls', 'tally', 'all')),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;
INSERT INTO journal_v3 (id, at, session, part, what, snapshot)
    SELECT id, at, session, part, what, snapshot FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v3 RENAME TO journal;

CREATE TABLE troll_play (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL CHECK (json_valid(state))
) STRICT;
"#;

/// Version 2: the run carries each room's table (so a solver can work
/// from what was dealt), the die's handedness is kept, and so are the
/// penguins' nests.
const V2: &str = r#"
-- Each room's position as set up in this run: a JSON object keyed by room.
ALTER TABLE funhouse_runs ADD COLUMN tables TEXT
    CHECK (tables IS NULL OR json_valid(tables));

-- How the player's piecepack die is numbered (opposite faces sum to 5;
-- its handedness differs between piecepacks).
-- The penguins' nests (each player's domino, in player order), so the
-- board drawn after setup still shows them.
ALTER TABLE penguin_board ADD COLUMN nests TEXT
    CHECK (nests IS NULL OR json_valid(nests));

-- Slides of Action: the one game in progress, in its document form
-- (checked when read back).
CREATE TABLE slides_game (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL CHECK (json_valid(state))
) STRICT;

-- Lab Rats: the one game in progress, in its document form.
CREATE TABLE lab_rats_game (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL CHECK (json_valid(state))
) STRICT;

-- The journal learns the new parts: SQLite cannot change a CHECK, so the
-- table is rebuilt with its rows.
CREATE TABLE journal_v2 (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'funhouse', 'troll', 'penguins', 'slides',
                            'lab-rats', 'all')),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;
INSERT INTO journal_v2 (id, at, session, part, what, snapshot)
    SELECT id, at, session, part, what, snapshot FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v2 RENAME TO journal;

CREATE TABLE funhouse_die (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    hand TEXT NOT NULL CHECK (hand IN ('right', 'left'))
) STRICT;
"#;

const V1: &str = r#"
CREATE TABLE decks (
    name    TEXT PRIMARY KEY COLLATE NOCASE
            CHECK (length(name) BETWEEN 1 AND 24),
    kind    TEXT NOT NULL
            CHECK (kind IN ('tiles', 'coins', 'cards', 'jokers', 'dominoes',
                            'dominoes9', 'custom')),
    -- The deck a bare `draw` takes from; at most one.
    is_current INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1))
) STRICT;
CREATE UNIQUE INDEX decks_one_current ON decks (is_current) WHERE is_current = 1;

-- Every item of a deck, in exactly one pile. `copy` tells apart repeated
-- items of a custom deck (`deck new chits red red blue`); the items of a
-- piecepack, cards or dominoes deck are all different (see the trigger).
CREATE TABLE deck_items (
    deck TEXT NOT NULL COLLATE NOCASE
         REFERENCES decks (name) ON DELETE CASCADE ON UPDATE CASCADE,
    item TEXT NOT NULL CHECK (length(item) BETWEEN 1 AND 100),
    copy INTEGER NOT NULL DEFAULT 0 CHECK (copy >= 0),
    pile TEXT NOT NULL CHECK (pile IN ('left', 'drawn')),
    -- Place in its pile: top first for `left`, drawing order for `drawn`.
    pos  INTEGER NOT NULL CHECK (pos >= 0),
    PRIMARY KEY (deck, item, copy),
    UNIQUE (deck, pile, pos)
) STRICT;
CREATE TRIGGER deck_items_once BEFORE INSERT ON deck_items
WHEN NEW.copy <> 0 AND (SELECT kind FROM decks WHERE name = NEW.deck) <> 'custom'
BEGIN
    SELECT RAISE(ABORT, 'only a custom deck holds an item twice');
END;

-- Funhouse runs: at most one open (filed = 0); filed runs in filing order.
CREATE TABLE funhouse_runs (
    id      INTEGER PRIMARY KEY,
    started TEXT NOT NULL CHECK (length(started) BETWEEN 1 AND 40),
    filed   INTEGER NOT NULL CHECK (filed IN (0, 1)),
    -- The barrel grid laid in this run (6 rows of 4 coin values), if any.
    barrels TEXT CHECK (barrels IS NULL OR json_valid(barrels))
) STRICT;
CREATE UNIQUE INDEX funhouse_one_open_run ON funhouse_runs (filed) WHERE filed = 0;

CREATE TABLE funhouse_scores (
    run    INTEGER NOT NULL REFERENCES funhouse_runs (id) ON DELETE CASCADE,
    room   TEXT NOT NULL
           CHECK (room IN ('slide-jam', 'magic-mirror', 'catwalk',
                           'roll-out-the-barrels', 'whack-a-dummy', 'trampo-land')),
    -- No room's score comes near this; the bound keeps sums exact.
    total  INTEGER NOT NULL CHECK (total BETWEEN 0 AND 100000),
    inputs TEXT NOT NULL CHECK (json_valid(inputs)),
    terms  TEXT NOT NULL CHECK (json_valid(terms)),
    PRIMARY KEY (run, room)
) STRICT;

-- Angry Troll: the one game in progress.
CREATE TABLE troll_game (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    lower_red  INTEGER NOT NULL CHECK (lower_red IN (0, 1)),
    troll_slot INTEGER NOT NULL CHECK (troll_slot BETWEEN 1 AND 6)
) STRICT;

-- Each card of the game once: in a bridge slot, the deck of awakening, or
-- played into the stacks.
CREATE TABLE troll_cards (
    card  TEXT PRIMARY KEY CHECK (length(card) BETWEEN 2 AND 3),
    place TEXT NOT NULL CHECK (place IN ('upper', 'lower', 'deck', 'played')),
    -- Bridge slot 1..6 for the rows, 0 elsewhere.
    slot  INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 6),
    pos   INTEGER NOT NULL CHECK (pos >= 0),
    CHECK ((place IN ('upper', 'lower')) = (slot > 0)),
    UNIQUE (place, slot, pos)
) STRICT;

-- Penguin's Night Out: the board as laid.
CREATE TABLE penguin_board (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    die_sides INTEGER NOT NULL CHECK (die_sides IN (6, 10))
) STRICT;

CREATE TABLE penguin_dominoes (
    board_row  INTEGER NOT NULL CHECK (board_row BETWEEN 0 AND 99),
    board_col  INTEGER NOT NULL CHECK (board_col BETWEEN 0 AND 99),
    -- The numbers as the domino lies, left then right.
    pips_left  INTEGER NOT NULL CHECK (pips_left BETWEEN 0 AND 9),
    pips_right INTEGER NOT NULL CHECK (pips_right BETWEEN 0 AND 9),
    PRIMARY KEY (board_row, board_col)
) STRICT;
CREATE UNIQUE INDEX penguin_domino_once
    ON penguin_dominoes (min(pips_left, pips_right), max(pips_left, pips_right));

-- The undo journal: each change's part of the store as it was before.
CREATE TABLE journal (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'funhouse', 'troll', 'penguins', 'all')),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;

-- State files of earlier versions already brought in, by content hash, so
-- a crash between import and rename never imports one twice.
CREATE TABLE imported_files (
    name TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (name, hash)
) STRICT;
"#;
