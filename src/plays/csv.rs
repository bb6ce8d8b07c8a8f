//! Plays as a CSV in BoardGameGeek's words: one row a player, with the
//! play's id, date, game, location and length on each, and the player's
//! name, start position, score and win (BGG's play fields), then two of
//! tablemate's (`cooperative`, `lowest_wins`). Read by its header, so a
//! file with fewer columns (only `date,game,name`) reads too, and
//! refused naming the line and column where a value is wrong.

use super::{Play, Refused};

/// The columns written, in order.
const COLUMNS: [&str; 11] = [
    "play_id",
    "date",
    "game",
    "location",
    "length",
    "name",
    "startposition",
    "score",
    "win",
    "cooperative",
    "lowest_wins",
];

/// The column of a score sheet's places.
const RANK: &str = "rank";
/// What starts the column of a score sheet's category.
const CATEGORY: &str = "category:";

/// A field as CSV writes it: quoted when it holds a comma, a quote or a
/// line break (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn yes(b: bool) -> &'static str {
    if b { "1" } else { "0" }
}

/// `plays` as CSV; `title` names a game as the file should.
pub fn write(
    plays: &[Play],
    title: impl Fn(&str) -> String,
    mut uuid: impl FnMut() -> String,
) -> String {
    // A score sheet's plays add a column of places and one a category
    // (`category:full_house`), only where some play has them.
    let ranked = plays.iter().any(|p| !p.ranks.is_empty());
    let mut categories: Vec<&str> = Vec::new();
    for c in plays.iter().flat_map(|p| &p.categories) {
        if !categories.contains(&c.name.as_str()) {
            categories.push(&c.name);
        }
    }
    let mut head: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    if ranked {
        head.push(RANK.into());
    }
    head.extend(categories.iter().map(|c| field(&format!("{CATEGORY}{c}"))));
    let mut out = head.join(",");
    out.push('\n');
    let number = |n: Option<i64>| n.map_or_else(String::new, |s| s.to_string());
    for p in plays {
        let id = p.source.clone().unwrap_or_else(&mut uuid);
        for (seat, who) in p.people.iter().enumerate() {
            let mut row = vec![
                field(&id),
                p.day.clone(),
                field(&title(&p.game)),
                field(p.place.as_deref().unwrap_or("")),
                p.minutes.map_or_else(String::new, |m| m.to_string()),
                field(who),
                (seat + 1).to_string(),
                p.scores
                    .get(seat)
                    .copied()
                    .flatten()
                    .map_or_else(String::new, |s| s.to_string()),
                yes(p.winners.contains(&seat)).to_string(),
                yes(p.coop).to_string(),
                yes(p.lower).to_string(),
            ];
            if ranked {
                row.push(number(
                    p.ranks.get(seat).copied().flatten().map(|r| r as i64),
                ));
            }
            for name in &categories {
                let c = p.categories.iter().find(|c| c.name == *name);
                row.push(number(
                    c.and_then(|c| c.scores.get(seat).copied().flatten()),
                ));
            }
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}

/// The records of a CSV text, each with the line it starts on (RFC 4180:
/// quoted fields may hold commas, doubled quotes and line breaks).
fn records(text: &str) -> Result<Vec<(usize, Vec<String>)>, Refused> {
    let mut out = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut cell = String::new();
    let (mut line, mut start) = (1, 1);
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                cell.push(c);
            }
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                out.push((start, std::mem::take(&mut row)));
                line += 1;
                start = line;
                any = false;
            }
            (false, c) => cell.push(c),
        }
    }
    if quoted {
        return Err(Refused {
            at: format!("line {start}"),
            why: "a quoted field is never closed".into(),
        });
    }
    if any {
        row.push(cell);
        out.push((start, row));
    }
    // Blank lines are passed over.
    out.retain(|(_, r)| !(r.len() == 1 && r[0].trim().is_empty()));
    Ok(out)
}

fn truth(s: &str, at: &str) -> Result<bool, Refused> {
    match s.trim().to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" => Ok(false),
        "1" | "true" | "yes" => Ok(true),
        other => Err(Refused {
            at: at.to_string(),
            why: format!("'{other}' is not 1 or 0"),
        }),
    }
}

/// One player's row of a play: the line it is on, its start position
/// (0: none given) and its fields.
type Row<'a> = (usize, usize, &'a Vec<String>);

/// The plays of a plays CSV; `game` names a game by its name in the file.
/// Rows of one play share its `play_id` (without the column, each row is
/// a play of one); its seats follow `startposition`, the first started.
pub fn read(text: &str, game: impl Fn(&str) -> String) -> Result<Vec<Play>, Refused> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rows = records(text)?;
    let Some(((_, header), rows)) = rows.split_first() else {
        return Err(Refused {
            at: "line 1".into(),
            why: "the file is empty".into(),
        });
    };
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case(name))
    };
    for need in ["date", "game", "name"] {
        if col(need).is_none() {
            return Err(Refused {
                at: "line 1".into(),
                why: format!("no '{need}' column (a plays CSV has {})", COLUMNS.join(",")),
            });
        }
    }
    // Each play: its id, and its rows.
    let mut plays: Vec<(String, Vec<Row>)> = Vec::new();
    for (n, (line, row)) in rows.iter().enumerate() {
        if row.len() != header.len() {
            return Err(Refused {
                at: format!("line {line}"),
                why: format!("{} fields where the header has {}", row.len(), header.len()),
            });
        }
        let get = |name: &str| col(name).map_or("", |i| row[i].as_str());
        let id = match get("play_id").trim() {
            "" => format!("row {n}"),
            id => id.to_string(),
        };
        let seat = match get("startposition").trim() {
            "" => 0,
            s => s.parse::<usize>().map_err(|_| Refused {
                at: format!("line {line}, startposition"),
                why: format!("'{s}' is not a position (1, 2, ...)"),
            })?,
        };
        match plays.iter_mut().find(|(p, _)| *p == id) {
            Some((_, rows)) => rows.push((*line, seat, row)),
            None => plays.push((id, vec![(*line, seat, row)])),
        }
    }
    let mut out = Vec::new();
    for (id, mut rows) in plays {
        rows.sort_by_key(|r| if r.1 == 0 { usize::MAX } else { r.1 });
        let (line, _, first) = rows[0];
        let get = |row: &Vec<String>, name: &str| {
            col(name).map_or(String::new(), |i| row[i].trim().to_string())
        };
        let at = |line: usize, name: &str| format!("line {line}, {name}");
        let date = get(first, "date");
        let Some(day) = super::day_of(&date) else {
            return Err(Refused {
                at: at(line, "date"),
                why: format!("'{date}' is not a date (YYYY-MM-DD)"),
            });
        };
        let name = get(first, "game");
        if name.is_empty() {
            return Err(Refused {
                at: at(line, "game"),
                why: "names no game".into(),
            });
        }
        let mut people = Vec::new();
        let mut scores = Vec::new();
        let mut winners = Vec::new();
        for (seat, (line, _, row)) in rows.iter().enumerate() {
            // An empty name is a player no one was seated as.
            people.push(get(row, "name"));
            let s = get(row, "score");
            scores.push(if s.is_empty() {
                None
            } else {
                Some(s.parse::<i64>().map_err(|_| Refused {
                    at: at(*line, "score"),
                    why: format!("'{s}' is not a whole number"),
                })?)
            });
            if truth(&get(row, "win"), &at(*line, "win"))? {
                winners.push(seat);
            }
        }
        let mut play = Play::new(&game(&name), day, people, scores, winners);
        let place = get(first, "location");
        play.place = (!place.is_empty()).then_some(place);
        let length = get(first, "length");
        play.minutes = match length.as_str() {
            "" | "0" => None,
            m => Some(m.parse().map_err(|_| Refused {
                at: at(line, "length"),
                why: format!("'{m}' is not minutes"),
            })?),
        };
        play.coop = truth(&get(first, "cooperative"), &at(line, "cooperative"))?;
        play.lower = truth(&get(first, "lowest_wins"), &at(line, "lowest_wins"))?;
        play.source = (!id.starts_with("row ")).then_some(id);
        let whole = |s: &str, line: usize, name: &str| -> Result<Option<i64>, Refused> {
            match s {
                "" => Ok(None),
                s => s.parse::<i64>().map(Some).map_err(|_| Refused {
                    at: at(line, name),
                    why: format!("'{s}' is not a whole number"),
                }),
            }
        };
        if col(RANK).is_some() {
            play.ranks = rows
                .iter()
                .map(|(line, _, row)| {
                    let r = whole(&get(row, RANK), *line, RANK)?;
                    match r {
                        Some(r) if r < 1 => Err(Refused {
                            at: at(*line, RANK),
                            why: format!("'{r}' is not a place (1, 2, ...)"),
                        }),
                        r => Ok(r.map(|r| r as usize)),
                    }
                })
                .collect::<Result<_, _>>()?;
            if play.ranks.iter().all(Option::is_none) {
                play.ranks.clear();
            }
        }
        for (i, h) in header.iter().enumerate() {
            let Some(name) = h.trim().strip_prefix(CATEGORY) else {
                continue;
            };
            let scores = rows
                .iter()
                .map(|(line, _, row)| whole(row[i].trim(), *line, h.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            if scores.iter().any(Option::is_some) {
                play.categories.push(super::Category {
                    name: name.to_string(),
                    scores,
                });
            }
        }
        out.push(play);
    }
    Ok(out)
}
