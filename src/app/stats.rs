//! `stats`: the table's plays in numbers (worked out by `crate::plays`):
//! each person's win rate with its 95% interval, their rival and
//! nemesis, each seat's record and whether the sample can tell an
//! advantage, and solitaire plays apart.

use std::path::Path;

use serde::Serialize;

use super::{App, AppError, Reply, Result, invalid};
use crate::games::Game;
use crate::plays::{self, Alone, Person, Play, Rate, Rated, Seat, Together, Verdict};
use crate::reply::Show;
use crate::style::{Style, Tone, plural, wrap};

/// `stats`' answer.
#[derive(Debug, Serialize)]
struct Stats {
    /// Plays weighed (after the filter).
    plays: usize,
    /// The game or person asked about, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    only: Option<String>,
    people: Vec<Person>,
    seats: Vec<Seat>,
    solitaire: Vec<Alone>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    coop: Vec<Together>,
    /// Asked about one game kept on a score sheet: each person's
    /// average in each of its categories.
    #[serde(skip_serializing_if = "Option::is_none")]
    categories: Option<plays::categories::ByCategory>,
}

impl App {
    pub(super) fn stats(
        &mut self,
        words: &[String],
        out: Option<&Path>,
        force: bool,
    ) -> Result<Reply> {
        // `--out stats.svg`: the win rates drawn, beside the answer.
        if let Some(file) = out {
            let svg = file
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
            if !svg {
                return Err(invalid(format!(
                    "'{}': the win rates are drawn as SVG (stats --out stats.svg)",
                    file.display()
                )));
            }
            if let Some(first) = words.first()
                && ["ratings", "export", "import"].contains(&first.to_ascii_lowercase().as_str())
            {
                return Err(invalid(format!(
                    "--out draws the win rates of `stats` (stats --out stats.svg), not of `stats {first}`"
                )));
            }
        }
        self.stats_of(words, out, force)
    }

    /// `stats` after its options: `out` draws it, `force` writes over a
    /// file there (the picture's, an export's).
    fn stats_of(&mut self, words: &[String], out: Option<&Path>, force: bool) -> Result<Reply> {
        // `stats export FILE [--force]`, `stats import FILE`: plays that
        // travel.
        if let Some((first, rest)) = words.split_first() {
            let files: Vec<&String> = rest.iter().collect();
            let verb = first.to_ascii_lowercase();
            // A sub-command mistyped before a file (`stats exprot
            // plays.json`) is said as one, not as a game.
            let hint = crate::suggest::hint(&verb, ["export", "import", "ratings"]);
            if !rest.is_empty()
                && !["export", "import", "ratings"].contains(&verb.as_str())
                && !hint.is_empty()
            {
                return Err(invalid(format!(
                    "'{first}' is not understood here{hint}: stats [GAME|PERSON], stats ratings [GAME], stats export FILE, stats import FILE"
                )));
            }
            if verb == "export" || verb == "import" {
                let example = if verb == "export" {
                    "stats export plays.json"
                } else {
                    "stats import plays.csv"
                };
                return match files.as_slice() {
                    [] => Err(invalid(format!(
                        "stats {verb} takes a file, .json for BG Stats or .csv ({example})"
                    ))),
                    [file] if verb == "export" => {
                        self.export_plays(Path::new(file.as_str()), force)
                    }
                    [file] if !force => self.import_plays(Path::new(file.as_str())),
                    [_] => Err(invalid(
                        "'--force': stats import files each play once; nothing to force",
                    )),
                    [_, extra, ..] => Err(invalid(format!(
                        "'{extra}': stats {verb} takes one file ({example})"
                    ))),
                };
            }
        }
        let (mut all, unread) = self.store.plays().map_err(AppError::from)?;
        if unread > 0 {
            self.store.warn(format!(
                "note: {unread} filed plays cannot be read; they are left out"
            ));
        }
        // A followed game's play names it by its id: shown by its title.
        for p in &mut all {
            if let Some(g) = Game::by_id(&p.game) {
                p.game = g.title().to_string();
            }
        }
        let lower_wins = |plays: &[Play], g: &str| {
            plays
                .iter()
                .any(|p| p.lower && p.game.eq_ignore_ascii_case(g))
        };
        // `stats ratings [GAME]`: OpenSkill ratings, game by game.
        if let Some((first, rest)) = words.split_first()
            && first.eq_ignore_ascii_case("ratings")
        {
            let only = match rest {
                [] => None,
                [g] if all.is_empty() => Some(g.clone()),
                [g] => Some(filter(&mut all, g)?),
                [_, extra, ..] => {
                    return Err(invalid(format!(
                        "'{extra}': stats ratings takes one game at most (stats ratings hearts)"
                    )));
                }
            };
            let rows = plays::ratings(&all, |g| lower_wins(&all, g));
            return Ok(Reply::new("stats-ratings", Ratings { rows, only }));
        }
        let only = match words {
            // Nothing filed yet: the answer is the same for any filter.
            [_] if all.is_empty() => None,
            [] => None,
            [w] => Some(filter(&mut all, w)?),
            [_, extra, ..] => {
                return Err(invalid(format!(
                    "'{extra}': stats takes one game or one person (stats hearts, stats ann)"
                )));
            }
        };
        let lower = |g: &str| lower_wins(&all, g);
        let mut people = plays::people(&all, lower);
        // Asked about a person: their rows alone.
        if let Some(name) = &only
            && !all.iter().any(|p| p.game.eq_ignore_ascii_case(name))
        {
            let folded = crate::people::folded(name);
            people.retain(|p| crate::people::folded(&p.person) == folded);
        }
        let categories = only
            .as_ref()
            .filter(|g| all.iter().any(|p| p.game.eq_ignore_ascii_case(g)))
            .and_then(|_| plays::categories::by_category(&all).into_iter().next());
        let stats = Stats {
            categories,
            plays: all.len(),
            seats: plays::seats(&all),
            solitaire: plays::solitaire(&all, lower),
            coop: plays::coop(&all),
            people,
            only,
        };
        // Drawn where there is a win rate to draw (none: nothing is
        // written, and the answer says why), and said, as every file
        // tablemate writes is (it wrote in silence, #78).
        let drawn = out.filter(|_| !stats.people.is_empty());
        if let Some(file) = drawn {
            let svg = crate::render::stats_svg(&stats.people, &stats.seats);
            super::saved::write_new(file, svg.as_bytes(), force)?;
        }
        let mut reply = Reply::new("stats", stats);
        if let (Some(file), None) = (out, drawn) {
            reply.after.push(format!(
                "(nothing written to {}: no win rates to draw yet)",
                file.display()
            ));
        }
        if let Some(file) = drawn {
            reply.after.push(format!("(written to {})", file.display()));
            reply
                .fields
                .push(("out", serde_json::Value::from(file.display().to_string())));
        }
        Ok(reply)
    }
}

/// Keep the plays of the game or the person `w` names; its name as the
/// plays write it.
fn filter(all: &mut Vec<Play>, w: &str) -> Result<String> {
    // A game asked for by its id (`stats GAME-ID`) is its title here.
    let w = Game::by_id(w).map_or(w, |g| g.title());
    if let Some(game) = all
        .iter()
        .find(|p| p.game.eq_ignore_ascii_case(w))
        .map(|p| p.game.clone())
    {
        all.retain(|p| p.game == game);
        return Ok(game);
    }
    let folded = crate::people::folded(w);
    let person = all
        .iter()
        .flat_map(|p| p.people.iter())
        .find(|n| crate::people::folded(n) == folded)
        .cloned();
    if let Some(person) = person {
        all.retain(|p| p.people.iter().any(|n| crate::people::folded(n) == folded));
        return Ok(person);
    }
    let mut known: Vec<&str> = vec!["ratings", "export", "import"];
    known.extend(all.iter().map(|p| p.game.as_str()));
    known.extend(all.iter().flat_map(|p| p.people.iter().map(String::as_str)));
    let hint = crate::suggest::hint(w, known);
    Err(invalid(format!(
        "'{w}' is neither a game played nor a person who played{hint}"
    )))
}

/// `stats ratings`' answer.
#[derive(Debug, Serialize)]
struct Ratings {
    rows: Vec<Rated>,
    #[serde(skip_serializing_if = "Option::is_none")]
    only: Option<String>,
}

impl Show for Ratings {
    fn show(&self, style: &Style) -> String {
        if self.rows.is_empty() {
            return "no plays with others yet: `pad end` files a pad's game as a play".into();
        }
        let mut lines = Vec::new();
        let mut games: Vec<&str> = Vec::new();
        for r in &self.rows {
            if !games.contains(&r.game.as_str()) {
                games.push(&r.game);
            }
        }
        for game in games {
            lines.push(style.paint(
                &format!("{game}: OpenSkill ratings (rank by the lower end, mu - 3 sigma)"),
                Tone::Heading,
            ));
            let rows: Vec<&Rated> = self.rows.iter().filter(|r| r.game == game).collect();
            let rated: Vec<&&Rated> = rows
                .iter()
                .filter(|r| r.plays >= plays::RATED_AFTER)
                .collect();
            for (i, r) in rated.iter().enumerate() {
                lines.push(format!(
                    "{}. {}: {:.1} ± {:.1}, ranked at {:.1} after {} plays; the last moved it {:+.1}",
                    i + 1,
                    r.person,
                    r.rating.mu,
                    r.rating.sigma,
                    r.ordinal,
                    r.plays,
                    r.last_move
                ));
            }
            let waiting: Vec<String> = rows
                .iter()
                .filter(|r| r.plays < plays::RATED_AFTER)
                .map(|r| format!("{} ({} of {})", r.person, r.plays, plays::RATED_AFTER))
                .collect();
            if !waiting.is_empty() {
                lines.push(format!(
                    "rated after {} plays: {}",
                    plays::RATED_AFTER,
                    waiting.join(", ")
                ));
            }
        }
        lines
            .iter()
            .map(|l| wrap(l, style.width, "  "))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A solitaire player no one was seated as.
fn someone(name: &str) -> &str {
    if name.is_empty() { "someone" } else { name }
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// `45% (31% to 60%)`.
fn rate_words(r: &Rate) -> String {
    format!("{} ({} to {})", pct(r.rate), pct(r.low), pct(r.high))
}

fn seat_name(seat: usize) -> String {
    const WORDS: [&str; 6] = ["first", "second", "third", "fourth", "fifth", "sixth"];
    WORDS
        .get(seat - 1)
        .map_or_else(|| crate::dice::given::ordinal(seat), |w| w.to_string())
}

impl Show for Stats {
    fn show(&self, style: &Style) -> String {
        if self.plays == 0 {
            return "no plays yet: each pad filed (`pad end`) and each followed game that ends is a play".into();
        }
        let mut lines = Vec::new();
        let mut games: Vec<&str> = Vec::new();
        for g in self
            .people
            .iter()
            .map(|p| p.game.as_str())
            .chain(self.seats.iter().map(|s| s.game.as_str()))
        {
            if !games.contains(&g) {
                games.push(g);
            }
        }
        for game in games {
            lines.push(style.paint(game, Tone::Heading));
            for p in self.people.iter().filter(|p| p.game == game) {
                let mut line = format!(
                    "{}: {} {}, {} won: {}",
                    p.person,
                    p.record.of,
                    plural(p.record.of, "play", "plays"),
                    p.record.wins,
                    rate_words(&p.record)
                );
                if let (Some(avg), Some(best)) = (p.average, p.best) {
                    line.push_str(&format!("; average {avg:.1}, best {best}"));
                }
                if let Some(s) = p.per_turn {
                    line.push_str(&format!(
                        "; {} a turn",
                        crate::games::table::events::seconds(s.round() as u64)
                    ));
                }
                if let Some((who, n)) = &p.rival {
                    line.push_str(&format!("; lost most to {who} ({n})"));
                }
                if let Some((who, r)) = &p.nemesis {
                    line.push_str(&format!("; nemesis {who}, ahead in {} of {}", r.wins, r.of));
                }
                lines.push(format!("  {line}"));
            }
            for s in self.seats.iter().filter(|s| s.game == game) {
                let n = s.record.of;
                let said = match s.verdict {
                    Verdict::LikelyAdvantage => "likely an advantage".to_string(),
                    Verdict::LikelyDisadvantage => "likely a disadvantage".to_string(),
                    Verdict::NoSign => {
                        format!("no sign of an advantage (a fair share is {})", pct(s.fair))
                    }
                    Verdict::CannotTell => {
                        format!("{n} {} cannot tell", plural(n, "game", "games"))
                    }
                };
                lines.push(format!(
                    "  with {} players, the {} player won {} of {n} {}: {said}",
                    s.players,
                    seat_name(s.seat),
                    rate_words(&s.record),
                    plural(n, "game", "games"),
                ));
            }
        }
        if !self.solitaire.is_empty() {
            lines.push(style.paint("solitaire", Tone::Heading));
            for a in &self.solitaire {
                let mut line = format!(
                    "  {} played {} {} {}, won {}",
                    someone(&a.person),
                    a.game,
                    a.plays,
                    plural(a.plays, "time", "times"),
                    a.won
                );
                if let (Some(avg), Some(best)) = (a.average, a.best) {
                    line.push_str(&format!(": average {avg:.1}, best {best}"));
                }
                if let Some(t) = a.fastest {
                    let t = i64::try_from(t).unwrap_or(i64::MAX);
                    line.push_str(&format!("; fastest win {}", crate::style::clock(t)));
                }
                lines.push(line);
            }
        }
        if !self.coop.is_empty() {
            lines.push(style.paint("together (co-op)", Tone::Heading));
            for t in &self.coop {
                let mut line = format!(
                    "  {} played {} {} {} with others; the table won {}",
                    t.person,
                    t.game,
                    t.record.of,
                    plural(t.record.of, "time", "times"),
                    rate_words(&t.record)
                );
                if let Some((who, n)) = &t.buddy {
                    line.push_str(&format!("; most often beside {who} ({n})"));
                }
                lines.push(line);
            }
        }
        let mut lines: Vec<String> = lines.iter().map(|l| wrap(l, style.width, "  ")).collect();
        // The table is cut to the width, not wrapped.
        if let Some(by) = &self.categories {
            lines.push(style.paint("average by category", Tone::Emph));
            lines.extend(category_table(by, style.width));
        }
        lines.join("\n")
    }
}

/// Each category's averages, a column a person: names and categories
/// cut so the table fits `width` columns (people past it are left out,
/// and said).
fn category_table(by: &plays::categories::ByCategory, width: usize) -> Vec<String> {
    use crate::style::{cut, padded};
    let label = by
        .rows
        .iter()
        .map(|r| r.category.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(8, 16);
    let column = by
        .people
        .iter()
        .map(|p| crate::style::visible_width(p))
        .max()
        .unwrap_or(0)
        .clamp(5, 8);
    let fit = (width.saturating_sub(2 + label) / (column + 1)).max(1);
    let shown = by.people.len().min(fit);
    let mut head = format!("  {}", " ".repeat(label));
    for p in &by.people[..shown] {
        head.push_str(&format!(" {}", padded(&cut(p, column), column, false)));
    }
    let mut lines = vec![head];
    for r in &by.rows {
        let mut line = format!(
            "  {}",
            padded(&cut(&r.category.replace('_', " "), label), label, true)
        );
        for a in &r.averages[..shown] {
            let v = a.map_or("-".to_string(), |a| format!("{a:.1}"));
            line.push_str(&format!(" {v:>column$}"));
        }
        lines.push(line);
    }
    if shown < by.people.len() {
        lines.push(format!(
            "  ({} more: wider, or --json, shows them)",
            by.people.len() - shown
        ));
    }
    lines
}
