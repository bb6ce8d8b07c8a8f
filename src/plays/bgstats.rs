//! BG Stats' play file (the app's JSON export): its players, games and
//! locations by number, and each play with its players' scores, winners,
//! start player and seat order. Read leniently (keys BG Stats adds that a
//! play does not need are passed over), refused where a play cannot be
//! made, naming the place (`plays[3].playerScores[1].playerRefId`).

use serde::Serialize;
use serde_json::{Map, Value};

use super::{Play, Refused};

fn refused<T>(at: &str, why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused {
        at: at.to_string(),
        why: why.into(),
    })
}

fn object<'a>(v: &'a Value, at: &str) -> Result<&'a Map<String, Value>, Refused> {
    v.as_object()
        .map_or_else(|| refused(at, "is not an object"), Ok)
}

fn list<'a>(o: &'a Map<String, Value>, key: &str, at: &str) -> Result<&'a [Value], Refused> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => refused(&format!("{at}{key}"), "is not a list"),
    }
}

fn number(o: &Map<String, Value>, key: &str, at: &str) -> Result<Option<i64>, Refused> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_i64().map(Some).map_or_else(
            || refused(&format!("{at}.{key}"), "is not a whole number"),
            Ok,
        ),
    }
}

fn text<'a>(o: &'a Map<String, Value>, key: &str, at: &str) -> Result<Option<&'a str>, Refused> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => refused(&format!("{at}.{key}"), "is not text"),
    }
}

fn flag(o: &Map<String, Value>, key: &str, at: &str) -> Result<bool, Refused> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        // Older exports wrote flags as 0 and 1.
        Some(Value::Number(n)) if n.as_i64() == Some(0) => Ok(false),
        Some(Value::Number(n)) if n.as_i64() == Some(1) => Ok(true),
        Some(_) => refused(&format!("{at}.{key}"), "is not true or false"),
    }
}

/// A named thing of the file (a player, a game, a location) by its number.
struct Named<'a> {
    id: i64,
    name: &'a str,
    entry: &'a Map<String, Value>,
}

fn named<'a>(o: &'a Map<String, Value>, key: &str) -> Result<Vec<Named<'a>>, Refused> {
    let mut out: Vec<Named<'a>> = Vec::new();
    for (i, v) in list(o, key, "")?.iter().enumerate() {
        let at = format!("{key}[{i}]");
        let entry = object(v, &at)?;
        let Some(id) = number(entry, "id", &at)? else {
            return refused(&format!("{at}.id"), "is missing");
        };
        let Some(name) = text(entry, "name", &at)? else {
            return refused(&format!("{at}.name"), "is missing");
        };
        if out.iter().any(|n| n.id == id) {
            return refused(&format!("{at}.id"), format!("{id} is used twice"));
        }
        out.push(Named { id, name, entry });
    }
    Ok(out)
}

fn find<'a, 'b>(
    all: &'b [Named<'a>],
    id: i64,
    what: &str,
    at: &str,
) -> Result<&'b Named<'a>, Refused> {
    all.iter()
        .find(|n| n.id == id)
        .map_or_else(|| refused(at, format!("no {what} {id} in the file")), Ok)
}

/// A score as BG Stats writes it: text (`"12"`, `""` for none) or a
/// number. A fraction is refused: the pad keeps whole points.
fn score(v: Option<&Value>, at: &str) -> Result<Option<i64>, Refused> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_or_else(|_| refused(at, format!("'{s}' is not a whole number")), Ok),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Some)
            .map_or_else(|| refused(at, format!("{n} is not a whole number")), Ok),
        Some(_) => refused(at, "is not a score"),
    }
}

/// The day of a `playDate` (`2026-11-28 19:30:00`).
fn day(date: &str, at: &str) -> Result<String, Refused> {
    super::day_of(date).map_or_else(
        || refused(at, format!("'{date}' is not a date (YYYY-MM-DD hh:mm:ss)")),
        |d| Ok(d.to_string()),
    )
}

/// The plays of a BG Stats file; `game` names a game by its name in the
/// file (a tablemate game by its title is kept by its id). Ignored plays
/// are left out. The seats are in seat order with the start player first.
pub fn read(file: &str, game: impl Fn(&str) -> String) -> Result<Vec<Play>, Refused> {
    let v: Value = serde_json::from_str(file).map_err(|e| Refused {
        at: format!("line {}, column {}", e.line(), e.column()),
        why: format!("not JSON ({e})"),
    })?;
    let top = object(&v, "the file")?;
    if !top.contains_key("plays") {
        return refused("the file", "has no 'plays': not a BG Stats export");
    }
    let players = named(top, "players")?;
    let games = named(top, "games")?;
    let places = named(top, "locations")?;
    let mut out = Vec::new();
    for (i, p) in list(top, "plays", "")?.iter().enumerate() {
        let at = format!("plays[{i}]");
        let play = object(p, &at)?;
        if flag(play, "ignored", &at)? {
            continue;
        }
        let Some(g) = number(play, "gameRefId", &at)? else {
            return refused(&format!("{at}.gameRefId"), "is missing");
        };
        let g = find(&games, g, "game", &format!("{at}.gameRefId"))?;
        let Some(date) = text(play, "playDate", &at)? else {
            return refused(&format!("{at}.playDate"), "is missing");
        };
        let place = match number(play, "locationRefId", &at)? {
            Some(l) if l != 0 => Some(
                find(&places, l, "location", &format!("{at}.locationRefId"))?
                    .name
                    .to_string(),
            ),
            _ => None,
        };
        // Each seat: order, start player, name, score, winner.
        let mut seats: Vec<(i64, bool, String, Option<i64>, bool)> = Vec::new();
        for (j, s) in list(play, "playerScores", &format!("{at}."))?
            .iter()
            .enumerate()
        {
            let at = format!("{at}.playerScores[{j}]");
            let s = object(s, &at)?;
            let Some(who) = number(s, "playerRefId", &at)? else {
                return refused(&format!("{at}.playerRefId"), "is missing");
            };
            let who = find(&players, who, "player", &format!("{at}.playerRefId"))?;
            seats.push((
                number(s, "seatOrder", &at)?.unwrap_or(j as i64),
                flag(s, "startPlayer", &at)?,
                who.name.to_string(),
                score(s.get("score"), &format!("{at}.score"))?,
                flag(s, "winner", &at)?,
            ));
        }
        if seats.is_empty() {
            return refused(&format!("{at}.playerScores"), "names no one");
        }
        seats.sort_by_key(|s| s.0);
        if let Some(first) = seats.iter().position(|s| s.1) {
            seats.rotate_left(first);
        }
        let coop = flag(g.entry, "cooperative", "games")?;
        let lower = g.entry.get("highestWins") == Some(&Value::Bool(false));
        let mut play_out = Play::new(
            &game(g.name),
            &day(date, &format!("{at}.playDate"))?,
            seats.iter().map(|s| s.2.clone()).collect(),
            seats.iter().map(|s| s.3).collect(),
            (0..seats.len()).filter(|&k| seats[k].4).collect(),
        );
        play_out.coop = coop;
        play_out.lower = lower;
        play_out.minutes = number(play, "durationMin", &at)?
            .filter(|&m| m > 0)
            .and_then(|m| u64::try_from(m).ok());
        play_out.place = place;
        play_out.source = text(play, "uuid", &at)?.map(str::to_string);
        out.push(play_out);
    }
    Ok(out)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutFile {
    games: Vec<OutGame>,
    players: Vec<OutNamed>,
    locations: Vec<OutNamed>,
    plays: Vec<OutPlay>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutGame {
    id: usize,
    name: String,
    cooperative: bool,
    highest_wins: bool,
    no_points: bool,
}

#[derive(Serialize)]
struct OutNamed {
    id: usize,
    name: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutPlay {
    uuid: String,
    game_ref_id: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    location_ref_id: Option<usize>,
    play_date: String,
    duration_min: u64,
    ignored: bool,
    player_scores: Vec<OutScore>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutScore {
    player_ref_id: usize,
    score: String,
    winner: bool,
    start_player: bool,
    seat_order: usize,
    /// The player's place, where a score sheet ranked the play.
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<usize>,
}

/// Where `name` is in `list` (1 first), added if it is new.
fn number_of(list: &mut Vec<OutNamed>, name: &str) -> usize {
    if let Some(n) = list
        .iter()
        .find(|n| crate::people::folded(&n.name) == crate::people::folded(name))
    {
        return n.id;
    }
    list.push(OutNamed {
        id: list.len() + 1,
        name: name.to_string(),
    });
    list.len()
}

/// `plays` as a BG Stats file; `title` names a game as the file should
/// (a tablemate game by its title). A play without a UUID gets one from
/// `uuid`.
pub fn write(
    plays: &[Play],
    title: impl Fn(&str) -> String,
    mut uuid: impl FnMut() -> String,
) -> String {
    let mut file = OutFile {
        games: Vec::new(),
        players: Vec::new(),
        locations: Vec::new(),
        plays: Vec::new(),
    };
    for p in plays {
        let name = title(&p.game);
        let game = match file.games.iter().find(|g| g.name == name) {
            Some(g) => g.id,
            None => {
                file.games.push(OutGame {
                    id: file.games.len() + 1,
                    name,
                    cooperative: p.coop,
                    highest_wins: !p.lower,
                    no_points: p.scores.iter().all(Option::is_none),
                });
                file.games.len()
            }
        };
        let location = p
            .place
            .as_deref()
            .map(|l| number_of(&mut file.locations, l));
        let player_scores = p
            .people
            .iter()
            .enumerate()
            .map(|(seat, who)| OutScore {
                player_ref_id: number_of(&mut file.players, who),
                score: p
                    .scores
                    .get(seat)
                    .copied()
                    .flatten()
                    .map_or_else(String::new, |s| s.to_string()),
                winner: p.winners.contains(&seat),
                start_player: seat == 0,
                seat_order: seat,
                rank: p.ranks.get(seat).copied().flatten(),
            })
            .collect();
        file.plays.push(OutPlay {
            uuid: p.source.clone().unwrap_or_else(&mut uuid),
            game_ref_id: game,
            location_ref_id: location,
            play_date: format!("{} 00:00:00", p.day),
            duration_min: p.minutes.unwrap_or(0),
            ignored: false,
            player_scores,
        });
    }
    let mut text = serde_json::to_string_pretty(&file).expect("a play file serialises");
    text.push('\n');
    text
}
