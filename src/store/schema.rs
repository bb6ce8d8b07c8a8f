//! The database schema, one migration per version.
//!
//! The schema is where the store's invariants are stated, so that no
//! command (and no hand edit through another SQLite client) can save an
//! impossible table: a card sits in a deck once, in the pile left or the
//! pile drawn but not both; one deck per name, whatever its case; a game's
//! state is one JSON document. What SQL cannot say (that a deck of cards
//! holds exactly the 52 cards, that a game's state obeys its rules) is
//! checked again when rows are read back into their types.
//!
//! Versions 1 to 3 gave each game tables of its own; version 4 keeps every
//! game in one table, so a new game needs no migration.
//!
//! `PRAGMA user_version` holds the version; `PRAGMA application_id` marks
//! the file as tablemate's. Migrations only ever append: version N is
//! `MIGRATIONS[..N]` applied in order.

/// Marks a SQLite file as tablemate's ("TbMt").
pub const APPLICATION_ID: i32 = 0x5462_4d74;

/// Each entry moves the schema up one version.
pub const MIGRATIONS: &[&str] = &[V1, V2, V3, V4, V5, V6, V7, V8];

/// The version this build writes.
pub const VERSION: i32 = MIGRATIONS.len() as i32;

/// The tables a store of the current version holds.
/// The indexes the schema names (SQLite's own, for UNIQUE and PRIMARY
/// KEY, cannot be dropped): a store without one is damaged.
pub const INDEXES: &[&str] = &["decks_one_current", "one_open_record"];

pub const TABLES: &[&str] = &[
    "deck_items",
    "decks",
    "games",
    "imported_files",
    "journal",
    "plays",
    "record_steps",
    "records",
    "saved_rolls",
    "seat_links",
    "serving",
    "tallies",
];

/// Version 8: every game that ended, as a play (`crate::plays::Play`, one
/// JSON document a row, as it was filed), for `stats`. The journal entry
/// of the change that filed it lets `undo` take it off; an imported play
/// keeps where it came from, once. The pads and runs filed and the
/// records of games that ended before this version are made plays by
/// the migration's second half, in Rust (`plays::fill`): SQL cannot read
/// a game's state.
const V8: &str = r#"
CREATE TABLE plays (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    play    TEXT NOT NULL CHECK (json_valid(play) AND json_type(play) = 'object'),
    -- Who the play is in every file it travels in: its UUID, or the id
    -- an imported play had in its file; a file imported twice files each
    -- play once.
    source  TEXT UNIQUE,
    journal INTEGER
) STRICT;

-- The journal names `plays` as a part: an import of plays changes
-- nothing else, and undoing it takes its plays off.
CREATE TABLE journal_v8 (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'rolls', 'tally', 'plays', 'all')
                   OR (part GLOB 'game:[a-z]*' AND length(part) <= 45)
                   OR (part GLOB 'seated:[a-z]*' AND length(part) <= 47)),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;
INSERT INTO journal_v8 (id, at, session, part, what, snapshot)
    SELECT id, at, session, part, what, snapshot FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v8 RENAME TO journal;
"#;

/// Version 5: every followed game's record. A record starts with a setup
/// (the state it laid) and gains a step with each change made to that
/// game through the store's one door: the action as the game reads it,
/// what it drew on (the generator's seed and position, the day and the
/// time), who made it, and the state it left. Steps name the journal
/// entry of their change, so `undo` takes a step back off its record.
const V5: &str = r#"
CREATE TABLE records (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The saved game whose state it follows (`epic-funhouse` for a room).
    slot      TEXT NOT NULL CHECK (length(slot) BETWEEN 1 AND 40),
    -- The game or room played (`slide-jam`, `angry-troll`).
    game      TEXT NOT NULL CHECK (length(game) BETWEEN 1 AND 40),
    -- Seconds since 1970 when it was set up.
    started   INTEGER NOT NULL,
    -- The line that lays the same table again (with its deal code).
    setup     TEXT NOT NULL,
    -- The state the setup left.
    start     TEXT NOT NULL CHECK (json_valid(start)),
    -- Still followed: the game in its slot now.
    open      INTEGER NOT NULL CHECK (open IN (0, 1)),
    -- The journal entries that made it and that filed it.
    made_by   INTEGER,
    filed_by  INTEGER
) STRICT;
CREATE UNIQUE INDEX one_open_record ON records (slot) WHERE open = 1;

CREATE TABLE record_steps (
    record    INTEGER NOT NULL REFERENCES records (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL CHECK (n >= 1),
    -- The game whose command made the change (a room's record holds the
    -- Funhouse's moves).
    wing      TEXT NOT NULL,
    -- What the journal calls it (`slides move r4c1`).
    what      TEXT NOT NULL,
    -- The action as the game reads it, or null for a change made outside
    -- play (an import): the step is then its state alone.
    action    TEXT CHECK (action IS NULL OR json_valid(action)),
    by_whom   TEXT,
    seed      INTEGER NOT NULL,
    draws     INTEGER NOT NULL CHECK (draws >= 0),
    at        INTEGER NOT NULL,
    day       TEXT NOT NULL,
    state     TEXT NOT NULL CHECK (json_valid(state)),
    journal   INTEGER,
    PRIMARY KEY (record, n)
) STRICT;
"#;

/// Version 4: one table for every game's state, (game, state, version);
/// each game's rows of version 3 are moved into it as the document its
/// type reads, and the per-game tables dropped. The journal names a game's
/// part `game:ID` (its entries keep their snapshots, which were already
/// each game's document), so adding a game never needs a migration.
const V4: &str = r#"
-- (A subquery's JSON reaches json_object as text: json() keeps it JSON.)
CREATE TABLE games (
    -- The game's id (`angry-troll`, `epic-funhouse`, ...).
    game    TEXT PRIMARY KEY CHECK (length(game) BETWEEN 1 AND 40),
    -- Its state as one document, checked by its type when read back.
    state   TEXT NOT NULL CHECK (json_valid(state)),
    -- How many times it has been saved since its setup: a change counter
    -- a reader can watch.
    version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)
) STRICT;

-- Slides of Action, Lab Rats and the troll's game of version 3 were one
-- document each already.
INSERT INTO games (game, state) SELECT 'slides-of-action', state FROM slides_game;
INSERT INTO games (game, state) SELECT 'lab-rats', state FROM lab_rats_game;
INSERT INTO games (game, state) SELECT 'angry-troll', state FROM troll_play;

-- A troll game of version 2: its cards by place (a game about to start
-- its turn, as version 3 read it).
WITH slots (slot) AS (VALUES (1), (2), (3), (4), (5), (6)),
stacks (place, slot, cards) AS (
    SELECT p.place, s.slot, coalesce((SELECT json_group_array(c.card ORDER BY c.pos)
        FROM troll_cards c WHERE c.place = p.place AND c.slot = s.slot), '[]')
    FROM slots s, (SELECT 'upper' AS place UNION ALL SELECT 'lower') p)
INSERT INTO games (game, state)
SELECT 'angry-troll', json_object(
    'upper', json((SELECT json_group_array(json(cards) ORDER BY slot)
        FROM stacks WHERE place = 'upper')),
    'lower', json((SELECT json_group_array(json(cards) ORDER BY slot)
        FROM stacks WHERE place = 'lower')),
    'deck', json(coalesce((SELECT json_group_array(card ORDER BY pos)
        FROM troll_cards WHERE place = 'deck'), '[]')),
    'played', json(coalesce((SELECT json_group_array(card ORDER BY pos)
        FROM troll_cards WHERE place = 'played'), '[]')),
    'lower_red', json(iif(lower_red, 'true', 'false')),
    'troll_slot', troll_slot)
FROM troll_game
WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM troll_play);

-- The penguins' board: the set as first laid, row by row, and the game.
INSERT INTO games (game, state)
SELECT 'penguins-night-out', json_object(
    'rows', json(coalesce((SELECT json_group_array(json(r) ORDER BY board_row) FROM (
        SELECT board_row, json_group_array(json_array(pips_left, pips_right)
            ORDER BY board_col) AS r
        FROM penguin_dominoes GROUP BY board_row)), '[]')),
    'die_sides', die_sides,
    'nests', json(coalesce(nests, '[]')),
    'play', json(play))
FROM penguin_board WHERE id = 1;

-- The Funhouse: each run with its six rooms in playing order (null for a
-- room not scored), the open run, the filed ones in filing order, the die.
WITH rooms (i, room) AS (VALUES (0, 'slide-jam'), (1, 'magic-mirror'), (2, 'catwalk'),
    (3, 'roll-out-the-barrels'), (4, 'whack-a-dummy'), (5, 'trampo-land')),
runs (id, filed, run) AS (
    SELECT r.id, r.filed, json_object(
        'started', r.started,
        'rooms', json((SELECT json_group_array(json((SELECT json_object('room', s.room,
                'inputs', json(s.inputs), 'terms', json(s.terms), 'total', s.total)
            FROM funhouse_scores s WHERE s.run = r.id AND s.room = o.room)) ORDER BY o.i)
            FROM rooms o)),
        'barrels', json(r.barrels),
        'tables', json(coalesce(r.tables, '{}')))
    FROM funhouse_runs r)
INSERT INTO games (game, state)
SELECT 'epic-funhouse', json_object(
    'run', json((SELECT run FROM runs WHERE filed = 0)),
    'history', json(coalesce((SELECT json_group_array(json(run) ORDER BY id)
        FROM runs WHERE filed = 1), '[]')),
    'die', coalesce((SELECT hand FROM funhouse_die WHERE id = 1), 'right'))
WHERE EXISTS (SELECT 1 FROM funhouse_runs) OR EXISTS (SELECT 1 FROM funhouse_die);

DROP TABLE troll_cards;
DROP TABLE troll_game;
DROP TABLE troll_play;
DROP TABLE penguin_dominoes;
DROP TABLE penguin_board;
DROP TABLE slides_game;
DROP TABLE lab_rats_game;
DROP TABLE funhouse_scores;
DROP TABLE funhouse_runs;
DROP TABLE funhouse_die;

-- The journal names a game's part by its id; its snapshots are kept.
CREATE TABLE journal_v4 (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'rolls', 'tally', 'all')
                   OR (part GLOB 'game:[a-z]*' AND length(part) <= 45)),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;
INSERT INTO journal_v4 (id, at, session, part, what, snapshot)
    SELECT id, at, session,
           CASE part
               WHEN 'funhouse' THEN 'game:epic-funhouse'
               WHEN 'troll' THEN 'game:angry-troll'
               WHEN 'penguins' THEN 'game:penguins-night-out'
               WHEN 'slides' THEN 'game:slides-of-action'
               WHEN 'lab-rats' THEN 'game:lab-rats'
               ELSE part
           END,
           what, snapshot
    FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v4 RENAME TO journal;
"#;

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

/// A kept deck's sealed deal code (shown once the deck is spent).
const V6: &str = r#"
ALTER TABLE decks ADD COLUMN deal TEXT CHECK (deal IS NULL OR length(deal) = 6);
"#;

/// Move a table kept inside the pad's document to the table's own row
/// (where there is none yet), and take it out of the pad's.
macro_rules! move_table {
    () => {
        r#"
INSERT INTO games (game, state)
SELECT 'table', json_object(
    'people', json((SELECT json_group_array(json_object('id', p.key + 1, 'name', p.value))
                    FROM json_each(json_extract(g.state, '$.table.players')) AS p)),
    'first', json_extract(g.state, '$.table.first'),
    'turn', json_extract(g.state, '$.table.turn'),
    'next_id', json_array_length(json_extract(g.state, '$.table.players')) + 1)
FROM games g
WHERE g.game = 'score-pad'
  AND json_type(g.state, '$.table') = 'object'
  AND json_array_length(json_extract(g.state, '$.table.players')) > 0
  AND NOT EXISTS (SELECT 1 FROM games WHERE game = 'table');
UPDATE games SET state = json_remove(state, '$.table')
WHERE game = 'score-pad' AND json_type(state, '$.table') IS NOT NULL;
"#
    };
}

/// The move alone, also run after an import of an older export, which
/// still carries the table inside its pads.
pub const MOVE_TABLE: &str = move_table!();

/// Version 7: the table is a thing of its own. Who sat, in what order,
/// who starts and whose turn it was moves out of the score pad's document
/// into the table's (`games` row `table`), each person given an id in
/// seating order. The journal learns the part of a game's change that
/// may seat the table too (`seated:ID`: both snapshots).
const V7: &str = concat!(
    move_table!(),
    r#"
CREATE TABLE journal_v7 (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    session TEXT NOT NULL,
    part    TEXT NOT NULL
            CHECK (part IN ('decks', 'rolls', 'tally', 'all')
                   OR (part GLOB 'game:[a-z]*' AND length(part) <= 45)
                   OR (part GLOB 'seated:[a-z]*' AND length(part) <= 47)),
    what    TEXT NOT NULL,
    snapshot TEXT NOT NULL CHECK (json_valid(snapshot))
) STRICT;
INSERT INTO journal_v7 (id, at, session, part, what, snapshot)
    SELECT id, at, session, part, what, snapshot FROM journal;
DROP TABLE journal;
ALTER TABLE journal_v7 RENAME TO journal;

-- The shared screen is the table's, not one terminal's: the server that
-- serves this data directory, and each seat's secret, so that any
-- terminal can list the seats or close one (the server follows the
-- store). Not exported, journaled or undone: a revoked seat stays shut.
CREATE TABLE serving (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    -- The address shown (with the token under --lan) and the one a seat's
    -- link starts with.
    url  TEXT NOT NULL,
    addr TEXT NOT NULL,
    lan  INTEGER NOT NULL CHECK (lan IN (0, 1)),
    -- The serving process, to tell a server that died from one that runs.
    pid  INTEGER NOT NULL
) STRICT;
CREATE TABLE seat_links (
    -- Whose seat: the person's id at the table, so that it stays theirs
    -- through a rename.
    seat   TEXT PRIMARY KEY CHECK (length(seat) BETWEEN 1 AND 20),
    secret TEXT NOT NULL UNIQUE CHECK (length(secret) BETWEEN 16 AND 64)
) STRICT;
"#
);
