//! What the pad says: the table of rounds and totals, the games filed,
//! each player's record. Every reply's JSON is its fields; the text is
//! drawn from them to the terminal's width.

use serde::Serialize;

use super::events::Event;
pub use super::events::seconds;
use super::{Pad, Pads, Wins};
use crate::games::error::GameError;
use crate::reply::{Grid, Reply, Show};
use crate::style::{Style, Tone, cut, padded, visible_width};

/// Rounds shown before the older ones are folded into one line.
const SHOWN_ROUNDS: usize = 12;

/// The open pad after what happened.
#[derive(Debug, Serialize)]
pub struct PadView {
    #[serde(flatten)]
    pad: Pad,
    /// Each player's total, `null` for one with no score yet (not a 0
    /// that would lead a lower-wins game, #78).
    totals: Vec<Option<i64>>,
    /// The best totals' players (more than one on a tie).
    leaders: Vec<String>,
    /// The target was reached with the round complete.
    over: bool,
    said: Vec<Event>,
    /// The sheet worked out, for a pad that keeps one.
    #[serde(skip_serializing_if = "Option::is_none")]
    worked: Option<SheetView>,
}

/// A sheet's rows worked out: each category's score for each player
/// (over the game, for a round's category), and where each stands.
#[derive(Debug, Serialize)]
pub struct SheetView {
    rows: Vec<SheetRow>,
    /// Each player's place (shared places repeat).
    places: Vec<Option<usize>>,
    /// The tie-breaks that settled level totals, said.
    settled: Vec<String>,
    /// Rounds begun, for a sheet scored by rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    rounds: Option<usize>,
    /// The table's total and goal, playing together.
    #[serde(skip_serializing_if = "Option::is_none")]
    together: Option<(i64, i64)>,
    /// What winning takes (`to_win`), where the sheet says, and who has
    /// done it.
    #[serde(skip_serializing_if = "Option::is_none")]
    to_win: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    done_it: Option<Vec<String>>,
}

#[derive(Debug, Serialize)]
struct SheetRow {
    category: String,
    title: String,
    /// Shown, not added to the total.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    subtotal: bool,
    /// Entered (else worked out from other rows).
    entered: bool,
    scores: Vec<Option<i64>>,
}

fn sheet_view(pad: &Pad) -> Option<SheetView> {
    let kept = pad.sheet.as_ref()?;
    let (sheet, scores) = kept.worked(pad.players.len())?;
    let standing = sheet.standing(&scores, &pad.players);
    Some(SheetView {
        rows: sheet
            .categories()
            .iter()
            .zip(&scores.cells)
            .map(|(c, cells)| SheetRow {
                category: c.name.clone(),
                title: c.title.clone().unwrap_or_else(|| c.name.replace('_', " ")),
                subtotal: c.subtotal,
                entered: c.enter.is_some(),
                scores: cells.clone(),
            })
            .collect(),
        places: standing.places,
        settled: standing.settled,
        rounds: sheet.by_rounds().then_some(kept.entries.len()),
        together: standing.together.zip(sheet.spec.goal),
        to_win: sheet.spec.to_win.clone(),
        done_it: scores.qualified.as_ref().map(|q| {
            (0..q.len())
                .filter(|&p| q[p])
                .map(|p| pad.players[p].clone())
                .collect()
        }),
    })
}

use crate::dice::given::ordinal;

pub fn pad(pad: &Pad, said: Vec<Event>) -> Reply {
    Reply::new(
        "pad",
        PadView {
            worked: sheet_view(pad),
            totals: pad.scored_totals(),
            leaders: pad
                .leaders()
                .into_iter()
                .map(|p| pad.players[p].clone())
                .collect(),
            over: pad.over(),
            pad: pad.clone(),
            said,
        },
    )
}

impl PadView {
    fn heading(&self) -> String {
        let mut h = self.pad.game.clone();
        if let Some(w) = &self.worked {
            h.push_str(": score sheet");
            if let Some(r) = w.rounds {
                h.push_str(&format!(
                    ", {r} {}",
                    crate::style::plural(r as u64, "round", "rounds")
                ));
            }
        }
        h.push_str(match (self.pad.wins, &self.worked) {
            (
                _,
                Some(SheetView {
                    together: Some((_, goal)),
                    ..
                }),
            ) => {
                return format!("{h}, the table together to {goal}");
            }
            (Wins::Higher, _) => ", higher wins",
            (Wins::Lower, _) => ", lower wins",
        });
        if let Some(t) = self.pad.target {
            h.push_str(&format!(", to {t}"));
        }
        h
    }

    /// The rounds as a table, one column a player, when the players fit
    /// the width at four characters each or more.
    fn columns(&self, style: &Style) -> Option<Vec<String>> {
        let p = &self.pad;
        let n = p.players.len();
        let label = 5;
        let room = style.width.saturating_sub(label) / n;
        if room < 5 {
            return None;
        }
        let widest_number = widest(p.rounds.iter().flatten().flatten(), &self.totals);
        let widest_name = widest_name(&p.players);
        // The clock's rows are cells too: `0:00` cut to `0:~` reads as
        // nothing.
        let widest_clock = if p.clock.turns.iter().any(|&t| t > 0) {
            p.clock
                .thinking
                .iter()
                .map(|s| clock(*s).len())
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let w = widest_name
            .max(widest_number)
            .max(widest_clock)
            .max(3)
            .min(room - 1);
        let cell = |s: &str| format!(" {}", padded(&cut(s, w), w, false));
        let mut lines = Vec::new();
        let mut head = format!("{:<label$}", "round");
        for name in &p.players {
            head.push_str(&cell(name));
        }
        lines.push(style.paint(&head, Tone::Emph));
        let skip = p.rounds.len().saturating_sub(SHOWN_ROUNDS);
        if skip > 0 {
            lines.push(format!("({skip} earlier rounds in the totals)"));
        }
        for (i, r) in p.rounds.iter().enumerate().skip(skip) {
            let mut line = format!("{:>label$}", i + 1);
            for s in r {
                line.push_str(&cell(&score(*s)));
            }
            lines.push(line);
        }
        let mut total = format!("{:<label$}", "total");
        for t in &self.totals {
            total.push_str(&cell(&score(*t)));
        }
        lines.push(style.paint(&total, Tone::Emph));
        if p.clock.turns.iter().any(|&t| t > 0) {
            let mut think = format!("{:<label$}", "think");
            let mut each = format!("{:<label$}", "/turn");
            for (s, t) in p.clock.thinking.iter().zip(&p.clock.turns) {
                think.push_str(&cell(&clock(*s)));
                each.push_str(&cell(&average(*s, *t)));
            }
            lines.push(think);
            lines.push(each);
        }
        Some(lines)
    }

    /// The sheet as a table: a row a category, a column a player, then
    /// the totals and the places.
    fn sheet_columns(&self, w: &SheetView, style: &Style) -> Vec<String> {
        let p = &self.pad;
        let n = p.players.len();
        let titles = w.rows.iter().map(|r| visible_width(&r.title));
        let label = titles
            .max()
            .unwrap_or(5)
            .clamp(5, (style.width / 3).max(12));
        let room = style.width.saturating_sub(label) / n.max(1);
        let widest_number = widest(
            w.rows.iter().flat_map(|r| r.scores.iter().flatten()),
            &self.totals,
        );
        let widest_name = widest_name(&p.players);
        let cell_w = widest_name
            .max(widest_number)
            .max(3)
            .min(room.saturating_sub(1).max(3));
        let cell = |s: &str| format!(" {}", padded(&cut(s, cell_w), cell_w, false));
        let head_cell = |s: &str| format!(" {}", padded(&cut(s, cell_w), cell_w, false));
        let mut lines = Vec::new();
        let mut head = padded("", label, true);
        for name in &p.players {
            head.push_str(&head_cell(name));
        }
        lines.push(style.paint(&head, Tone::Emph));
        for r in &w.rows {
            let mut line = padded(&cut(&r.title, label), label, true);
            for s in &r.scores {
                line.push_str(&cell(&score(*s)));
            }
            lines.push(if r.subtotal {
                style.paint(&line, Tone::Dim)
            } else {
                line
            });
        }
        let mut total = padded("total", label, true);
        for t in &self.totals {
            total.push_str(&cell(&score(*t)));
        }
        lines.push(style.paint(&total, Tone::Emph));
        if w.together.is_none() && w.places.iter().any(Option::is_some) {
            let mut place = padded("place", label, true);
            for pl in &w.places {
                place.push_str(&cell(&pl.map_or("-".into(), ordinal)));
            }
            lines.push(place);
        }
        lines
    }

    /// One line a player, where the players are too many for columns.
    fn rows(&self) -> Vec<String> {
        let p = &self.pad;
        let widest = p
            .players
            .iter()
            .map(|n| visible_width(n))
            .max()
            .unwrap_or(1);
        p.players
            .iter()
            .zip(&self.totals)
            .enumerate()
            .map(|(i, (name, t))| {
                let mut line = format!("{}  {:>6}", padded(name, widest, true), score(*t));
                let (s, turns) = (p.clock.thinking[i], p.clock.turns[i]);
                if turns > 0 {
                    line.push_str(&format!(
                        "  thought {} ({} a turn)",
                        clock(s),
                        average(s, turns)
                    ));
                }
                line
            })
            .collect()
    }

    /// Who leads, the gap to the target, the win; whose turn it is.
    fn standing(&self) -> Vec<String> {
        let p = &self.pad;
        let mut out = Vec::new();
        // What winning takes, where the sheet says, and who has done it
        // (on the shared screen as in the terminal).
        if let Some(w) = &self.worked
            && let (Some(rule), Some(done)) = (&w.to_win, &w.done_it)
        {
            out.push(format!(
                "to win: {rule}; done by {}",
                if done.is_empty() {
                    "no one".to_string()
                } else {
                    done.join(" and ")
                }
            ));
        }
        // A win just made is said among the events already.
        let announced = self.said.iter().any(|e| matches!(e, Event::Won { .. }));
        if self.over && !announced && self.leaders.is_empty() {
            // Said as the event that ended it says it.
            out.push(
                Event::Won {
                    winners: Vec::new(),
                    total: 0,
                }
                .to_string(),
            );
        }
        // Leaders and totals are the pad's own, so a leader's total is
        // there; `get` keeps a pad read back damaged from panicking.
        let lead_total = self
            .leaders
            .first()
            .and_then(|l| *self.totals.get(p.player(l).ok()?)?);
        if let (true, false, Some(t)) = (self.over, announced, lead_total) {
            out.push(format!(
                "game over: {} {} with {t} (`pad end` files it)",
                self.leaders.join(" and "),
                if self.leaders.len() == 1 {
                    "wins"
                } else {
                    "tie"
                }
            ));
        } else if let (false, Some(t)) = (self.over, lead_total) {
            let mut line = format!(
                "{} {} with {t}",
                self.leaders.join(" and "),
                if self.leaders.len() == 1 {
                    "leads"
                } else {
                    "lead"
                }
            );
            if let Some(target) = p.target {
                // The game ends when anyone reaches the target: say how
                // far the nearest is.
                let (near, top) = (0..self.totals.len())
                    .filter_map(|i| Some((i, self.totals[i]?)))
                    .max_by_key(|&(_, t)| t)
                    .unwrap_or((0, 0));
                if target > top {
                    line.push_str(&format!(
                        "; {} {} from {target}",
                        p.players[near],
                        target - top
                    ));
                } else {
                    line.push_str(&format!(
                        "; {} reached {target}: the game ends when round {} is complete",
                        p.players[near],
                        p.sheet
                            .as_ref()
                            .map_or(p.rounds.len(), |kept| kept.entries.len())
                    ));
                }
            }
            out.push(line);
        }
        // Whose turn it is is the table's to say (`players`, the
        // screen's banner): the pad keeps no turn of its own.
        out
    }
}

/// The widest of `scores` and `totals`, written.
fn widest<'a>(scores: impl Iterator<Item = &'a i64>, totals: &'a [Option<i64>]) -> usize {
    scores
        .chain(totals.iter().flatten())
        .map(|s| s.to_string().len())
        .max()
        .unwrap_or(1)
}

fn widest_name(players: &[String]) -> usize {
    players.iter().map(|n| visible_width(n)).max().unwrap_or(1)
}

/// A score or total in a cell: `-` for none.
fn score(s: Option<i64>) -> String {
    s.map_or("-".to_string(), |v| v.to_string())
}

/// Thinking time in a column: `0:42`, `12:05`, `2:03:00`.
fn clock(s: u64) -> String {
    crate::style::clock(i64::try_from(s).unwrap_or(i64::MAX))
}

/// Average thinking time a turn, `-` before a finished turn.
fn average(s: u64, turns: u32) -> String {
    match turns {
        0 => "-".into(),
        t => clock(s / u64::from(t)),
    }
}

/// The events as lines, a round's entries on one line
/// (`round 1: alice 12, bob 7, carol 0`), each wrapped to the width.
fn said_lines(said: &[Event], style: &Style) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut last_round = None;
    let mut last_marked: Option<(Option<usize>, &String)> = None;
    for e in said {
        match e {
            Event::Entered {
                round,
                player,
                score,
            } if last_round == Some(*round) => {
                if let Some(line) = lines.last_mut() {
                    line.push_str(&format!(", {player} {score}"));
                }
            }
            Event::Entered { round, .. } => {
                last_round = Some(*round);
                lines.push(e.to_string());
            }
            // A player's entries on a sheet on one line:
            // `round 1: ann cards 30, spades 6, big casino yes: 2`.
            Event::Marked { round, player, .. }
                if last_marked.as_ref() == Some(&(*round, player)) =>
            {
                if let Some(line) = lines.last_mut() {
                    line.push_str(&format!(", {}", e.entry_said().unwrap_or_default()));
                }
            }
            Event::Marked { round, player, .. } => {
                last_marked = Some((*round, player));
                lines.push(e.to_string());
            }
            _ => {
                last_round = None;
                last_marked = None;
                lines.push(e.to_string());
            }
        }
    }
    // An event of several lines (a seating) keeps its lines.
    lines
        .iter()
        .flat_map(|l| l.lines())
        .map(|l| crate::style::wrap(l, style.width, "  "))
        .collect()
}

impl Show for PadView {
    /// Every round (a TV has room), the totals and the thinking clock.
    fn grid(&self) -> Option<Grid> {
        let p = &self.pad;
        if let Some(w) = &self.worked {
            let mut head = vec![String::new()];
            head.extend(p.players.iter().cloned());
            let rows = w
                .rows
                .iter()
                .map(|r| {
                    let mut row = vec![r.title.clone()];
                    row.extend(r.scores.iter().map(|s| score(*s)));
                    row
                })
                .collect();
            let mut total = vec!["total".to_string()];
            total.extend(self.totals.iter().map(|t| score(*t)));
            let mut place = vec!["place".to_string()];
            place.extend(w.places.iter().map(|pl| pl.map_or("-".into(), ordinal)));
            let mut notes = self.standing();
            notes.extend(w.settled.iter().cloned());
            return Some(Grid {
                caption: self.heading(),
                head,
                rows,
                foot: vec![total, place],
                notes,
                running: false,
                entered: w
                    .rows
                    .iter()
                    .filter(|r| r.entered)
                    .map(|r| r.category.clone())
                    .collect(),
            });
        }
        let mut head = vec!["round".to_string()];
        head.extend(p.players.iter().cloned());
        let rows = p
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut row = vec![(i + 1).to_string()];
                row.extend(r.iter().map(|s| score(*s)));
                row
            })
            .collect();
        let mut total = vec!["total".to_string()];
        total.extend(self.totals.iter().map(|t| score(*t)));
        let mut foot = vec![total];
        if p.clock.turns.iter().any(|&t| t > 0) {
            let mut think = vec!["think".to_string()];
            let mut each = vec!["a turn".to_string()];
            for (s, t) in p.clock.thinking.iter().zip(&p.clock.turns) {
                think.push(clock(*s));
                each.push(average(*s, *t));
            }
            foot.push(think);
            foot.push(each);
        }
        Some(Grid {
            caption: self.heading(),
            head,
            rows,
            foot,
            notes: self.standing(),
            running: true,
            entered: Vec::new(),
        })
    }

    fn show(&self, style: &Style) -> String {
        let mut lines = said_lines(&self.said, style);
        lines.push(style.paint(&self.heading(), Tone::Heading));
        if let Some(w) = &self.worked {
            lines.extend(self.sheet_columns(w, style));
            lines.extend(w.settled.iter().cloned());
            if let Some((total, goal)) = w.together {
                lines.push(format!(
                    "the table has {total} of {goal}{}",
                    if total >= goal { ": won together" } else { "" }
                ));
            }
        } else if self.pad.rounds.is_empty() {
            lines.push(format!(
                "players: {}; no scores yet: `pad {}` records a round",
                self.pad.players.join(", "),
                vec!["N"; self.pad.players.len()].join(" ")
            ));
        } else {
            lines.extend(self.columns(style).unwrap_or_else(|| self.rows()));
        }
        lines.extend(self.standing());
        lines.join("\n")
    }
}

/// What happened when no pad is left open (after `pad end`).
#[derive(Debug, Serialize)]
pub struct Said {
    said: Vec<Event>,
}

pub fn said(said: Vec<Event>) -> Reply {
    Reply::new("pad", Said { said })
}

impl Show for Said {
    fn show(&self, style: &Style) -> String {
        said_lines(&self.said, style).join("\n")
    }
}

/// One filed game in `pad history`.
#[derive(Debug, Serialize)]
struct FiledGame {
    number: usize,
    game: String,
    started: String,
    ended: Option<String>,
    players: Vec<String>,
    rounds: usize,
    /// What it held, said (`3 rounds`, `24 entries` on a sheet).
    #[serde(skip)]
    held: String,
    /// `null` for a player who never scored.
    totals: Vec<Option<i64>>,
    winners: Vec<String>,
}

/// `pad history`: every game filed, oldest first.
#[derive(Debug, Serialize)]
pub struct History {
    games: Vec<FiledGame>,
}

pub fn history(pads: &Pads) -> Reply {
    Reply::new(
        "pad-history",
        History {
            games: pads
                .filed
                .iter()
                .enumerate()
                .map(|(i, p)| FiledGame {
                    number: i + 1,
                    game: p.game.clone(),
                    started: p.started.clone(),
                    ended: p.ended.clone(),
                    players: p.players.clone(),
                    rounds: p.rounds.len(),
                    held: p.held(),
                    totals: p.scored_totals(),
                    winners: p
                        .leaders()
                        .into_iter()
                        .map(|w| p.players[w].clone())
                        .collect(),
                })
                .collect(),
        },
    )
}

impl Show for History {
    fn show(&self, style: &Style) -> String {
        if self.games.is_empty() {
            return "no games filed yet: `pad end` files the open pad".into();
        }
        self.games
            .iter()
            .map(|g| {
                let line = format!(
                    "game {}, {}: {}, {} {}, {}; won by {}",
                    g.number,
                    g.ended.as_deref().unwrap_or(&g.started),
                    g.game,
                    g.players.len(),
                    crate::style::plural(g.players.len() as u64, "player", "players"),
                    g.held,
                    g.winners.join(" and ")
                );
                crate::style::wrap(&line, style.width, "  ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// One player's record in one game.
#[derive(Debug, Serialize)]
struct Record {
    player: String,
    games: usize,
    wins: usize,
    /// Over the games they scored in (none: they never scored).
    average: Option<f64>,
    best: Option<i64>,
    /// The games the average is over.
    #[serde(skip)]
    scored: usize,
    /// On a score sheet, the average of each category over the games
    /// they scored it in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    by_category: Vec<CategoryAverage>,
}

#[derive(Debug, Serialize)]
struct CategoryAverage {
    category: String,
    average: f64,
    #[serde(skip)]
    scored: usize,
}

/// Every player's record in one game (`hearts`).
#[derive(Debug, Serialize)]
struct GameRecords {
    game: String,
    wins: Wins,
    players: Vec<Record>,
}

/// `pad stats`: per game, each player's games, wins, average and best
/// total.
#[derive(Debug, Serialize)]
pub struct Stats {
    games: Vec<GameRecords>,
}

pub fn stats(pads: &Pads, only: Option<&str>) -> Result<Reply, GameError> {
    let mut games: Vec<GameRecords> = Vec::new();
    for p in &pads.filed {
        if only.is_some_and(|g| !g.eq_ignore_ascii_case(&p.game)) {
            continue;
        }
        let at = match games
            .iter()
            .position(|g| g.game.eq_ignore_ascii_case(&p.game))
        {
            Some(i) => i,
            None => {
                games.push(GameRecords {
                    game: p.game.clone(),
                    wins: p.wins,
                    players: Vec::new(),
                });
                games.len() - 1
            }
        };
        let g = &mut games[at];
        let totals = p.scored_totals();
        let leaders = p.leaders();
        // A sheet's rows, named, each player's score in each.
        let sheet_rows: Vec<(String, Vec<Option<i64>>)> = p
            .sheet
            .as_ref()
            .and_then(|kept| kept.worked(p.players.len()))
            .map(|(sheet, scores)| {
                sheet
                    .categories()
                    .iter()
                    .map(|c| c.title.clone().unwrap_or_else(|| c.name.replace('_', " ")))
                    .zip(scores.cells)
                    .collect()
            })
            .unwrap_or_default();
        for (i, name) in p.players.iter().enumerate() {
            let r = match g
                .players
                .iter()
                .position(|r| r.player.eq_ignore_ascii_case(name))
            {
                Some(k) => &mut g.players[k],
                None => {
                    g.players.push(Record {
                        player: name.clone(),
                        games: 0,
                        wins: 0,
                        average: None,
                        best: None,
                        scored: 0,
                        by_category: Vec::new(),
                    });
                    g.players.last_mut().expect("just pushed")
                }
            };
            r.games += 1;
            r.wins += usize::from(leaders.contains(&i));
            for (c, cells) in &sheet_rows {
                let Some(x) = cells[i] else { continue };
                let k = match r.by_category.iter().position(|a| a.category == *c) {
                    Some(k) => k,
                    None => {
                        r.by_category.push(CategoryAverage {
                            category: c.clone(),
                            average: 0.0,
                            scored: 0,
                        });
                        r.by_category.len() - 1
                    }
                };
                let a = &mut r.by_category[k];
                a.scored += 1;
                a.average = crate::plays::running_mean(Some(a.average), a.scored, x);
            }
            // A game they never scored in is no 0 in their average.
            let Some(t) = totals[i] else { continue };
            // Running mean, so no sum can overflow.
            r.scored += 1;
            r.average = Some(crate::plays::running_mean(r.average, r.scored, t));
            r.best = Some(r.best.map_or(t, |b| if p.better(t, b) { t } else { b }));
        }
    }
    if let (Some(g), true) = (only, games.is_empty()) {
        let known: Vec<&str> = pads.filed.iter().map(|p| p.game.as_str()).collect();
        return Err(GameError::word(format!(
            "no filed games of '{g}'{}",
            crate::suggest::hint(g, known)
        )));
    }
    for g in &mut games {
        g.players
            .sort_by(|a, b| b.wins.cmp(&a.wins).then(a.player.cmp(&b.player)));
    }
    Ok(Reply::new("pad-stats", Stats { games }))
}

impl Show for Stats {
    fn show(&self, style: &Style) -> String {
        if self.games.is_empty() {
            return "no games filed yet: `pad end` files the open pad".into();
        }
        let mut lines = Vec::new();
        for g in &self.games {
            let wins = match g.wins {
                Wins::Higher => "higher wins",
                Wins::Lower => "lower wins",
            };
            lines.push(style.paint(&format!("{} ({wins})", g.game), Tone::Heading));
            lines.push(style.paint("player       games  wins  average  best", Tone::Emph));
            for r in &g.players {
                lines.push(format!(
                    "{} {:>5} {:>5} {:>8} {:>5}",
                    padded(&cut(&r.player, 12), 12, true),
                    r.games,
                    r.wins,
                    r.average.map_or("-".to_string(), |a| format!("{a:.1}")),
                    score(r.best)
                ));
            }
            // A sheet's categories: each player's average in each.
            let mut rows: Vec<&str> = Vec::new();
            for a in g.players.iter().flat_map(|r| &r.by_category) {
                if !rows.contains(&a.category.as_str()) {
                    rows.push(&a.category);
                }
            }
            if !rows.is_empty() {
                lines.push(style.paint("average by category", Tone::Emph));
            }
            for row in rows {
                let each: Vec<String> = g
                    .players
                    .iter()
                    .filter_map(|r| {
                        let a = r.by_category.iter().find(|a| a.category == row)?;
                        Some(format!("{} {:.1}", r.player, a.average))
                    })
                    .collect();
                lines.push(crate::style::wrap(
                    &format!("{row}: {}", each.join(", ")),
                    style.width,
                    "  ",
                ));
            }
        }
        lines.join("\n")
    }
}
