//! Plays: every game that ended, kept as it was filed (see
//! `crate::plays`). The store's one door files the plays a change makes
//! new beside the change, naming its journal entry, so `undo` takes them
//! off with it; an import names where each play came from, so the same
//! file imported twice files each play once.

use rusqlite::{Connection, params};

use super::Result;
use crate::games::Game;
use crate::plays::Play;

/// The plays in `after` that `before` did not hold: a game just over, a
/// pad or a run just filed. Counted, not matched, so two like plays (the
/// same score twice in an evening) are two.
pub fn new_among(before: &[Play], after: Vec<Play>) -> Vec<Play> {
    let mut old: Vec<&Play> = before.iter().collect();
    after
        .into_iter()
        .filter(|p| match old.iter().position(|o| *o == p) {
            Some(i) => {
                old.swap_remove(i);
                false
            }
            None => true,
        })
        .collect()
}

/// File `plays`, made by the journal entry `journal` (none: imported or
/// migrated); a play whose `source` is filed already is left out. How
/// many were filed.
pub(super) fn file(conn: &Connection, plays: &[Play], journal: Option<i64>) -> Result<usize> {
    let mut filed = 0;
    let mut insert = conn.prepare(
        "INSERT INTO plays (play, source, journal) VALUES (?1, ?2, ?3)
         ON CONFLICT (source) DO NOTHING",
    )?;
    for p in plays {
        let text = serde_json::to_string(p).expect("plays serialise");
        filed += insert.execute(params![text, p.source, journal])?;
    }
    Ok(filed)
}

/// Those of `plays` not filed yet: a play without a source always is
/// new; one with a source is new unless that source is filed, or comes
/// twice in `plays` (the first is kept).
pub(super) fn unfiled(conn: &Connection, plays: &[Play]) -> Result<Vec<Play>> {
    let mut known = conn.prepare("SELECT count(*) FROM plays WHERE source = ?1")?;
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for p in plays {
        if let Some(s) = p.source.as_deref() {
            let filed: i64 = known.query_row([s], |r| r.get(0))?;
            if filed > 0 || seen.contains(&s) {
                continue;
            }
            seen.push(s);
        }
        out.push(p.clone());
    }
    Ok(out)
}

/// Every play, oldest first, and how many rows could not be read (a hand
/// edit): those are left out rather than stopping `stats`.
pub fn all(conn: &Connection) -> Result<(Vec<Play>, usize)> {
    let mut q = conn.prepare("SELECT play FROM plays ORDER BY id")?;
    let mut plays = Vec::new();
    let mut unread = 0;
    for text in q.query_map([], |r| r.get::<_, String>(0))? {
        match serde_json::from_str::<Play>(&text?) {
            Ok(p) => plays.push(p),
            Err(_) => unread += 1,
        }
    }
    Ok((plays, unread))
}

/// A play as the table seated it: each person named as the table names
/// them; an unnamed seat is the person the table seated for this game in
/// that seat, or the table's one person;
/// an undated play was filed today; a new play is given its UUID.
pub(super) fn named(
    p: &mut crate::plays::Play,
    game: Game,
    seating: Option<&crate::games::table::Seating>,
) {
    if p.day.is_empty() {
        p.day = crate::roll_log::day_of(crate::roll_log::now());
    }
    if p.source.is_none() {
        p.source = Some(crate::random::uuid());
    }
    let Some(t) = seating else {
        return;
    };
    let plays_it = t.playing.as_ref().is_some_and(|g| g.game == game.id());
    for (seat, name) in p.people.iter_mut().enumerate() {
        // One person, one name: as the table writes them, however the
        // game was told it (`ann` on a pad of Ann's table).
        let person = match (name.is_empty(), plays_it, t.people.as_slice()) {
            (false, _, people) => {
                let folded = crate::people::folded(name);
                people
                    .iter()
                    .find(|p| crate::people::folded(&p.name) == folded)
            }
            (true, true, _) => t.in_seat(seat),
            (true, false, [one]) => Some(one),
            _ => None,
        };
        if let Some(person) = person {
            name.clone_from(&person.name);
        }
    }
}

/// `p`'s time per person from the table's clock since the last play was
/// filed, where the clock ran and the play has none of its own.
pub(super) fn timed(p: &mut crate::plays::Play, t: &crate::games::table::Seating) {
    if !p.seconds.is_empty() {
        return;
    }
    let each: Vec<Option<(u64, u32)>> = p.people.iter().map(|n| t.clocked_since_mark(n)).collect();
    if each.iter().flatten().all(|&(_, turns)| turns == 0) {
        return;
    }
    p.seconds = each.iter().map(|e| e.map(|(s, _)| s)).collect();
    p.turns = each.iter().map(|e| e.map(|(_, n)| n)).collect();
}

/// Undo the journal entry `journal`: the plays it filed go.
pub(super) fn undo(conn: &Connection, journal: i64) -> Result<()> {
    conn.execute("DELETE FROM plays WHERE journal = ?1", [journal])?;
    Ok(())
}

/// Put `plays` in place of every play (an import that replaces all).
pub(super) fn replace_all(conn: &Connection, plays: &[Play]) -> Result<()> {
    conn.execute("DELETE FROM plays", [])?;
    file(conn, plays, None)?;
    Ok(())
}

/// The second half of migration 8: the games that ended before plays
/// were kept. A followed game's record gives the play its last state
/// holds, on the day of its last step; a state no record follows (the
/// pads, the runs filed, a game of an older store) gives every play it
/// holds.
pub(super) fn fill(conn: &Connection) -> Result<()> {
    let records = super::records::all(conn)?;
    let seating = super::table::seating(conn)?;
    let mut plays = Vec::new();
    for r in records.iter().filter(|r| r.slot == r.game) {
        let (state, day) = match r.steps.last() {
            Some(s) => (&s.state, s.day.clone()),
            None => (&r.start, crate::roll_log::day_of(r.started)),
        };
        for mut p in r.game.wing().plays(state) {
            if p.day.is_empty() {
                p.day.clone_from(&day);
            }
            named(&mut p, r.game, seating.as_ref());
            plays.push(p);
        }
    }
    for game in Game::saved().filter(|g| !records.iter().any(|r| r.slot == *g && r.game == *g)) {
        let Some(text) = super::games::read_raw(conn, game)? else {
            continue;
        };
        let Ok(state) = serde_json::from_str(&text) else {
            continue;
        };
        for mut p in game.wing().plays(&state) {
            named(&mut p, game, seating.as_ref());
            plays.push(p);
        }
    }
    file(conn, &plays, None)?;
    Ok(())
}
