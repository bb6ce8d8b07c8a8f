//! A pad that keeps a game's score sheet: a row per category, a column
//! per player, the entries as typed (`3 3 5 5 5`, `yes`) and every score
//! worked out from them by the sheet's formulas, never kept apart from
//! them.

use serde::{Deserialize, Serialize};

use super::events::Event;
use crate::games::error::{GameError, Unsound};
use crate::sheet::formula::Value;
use crate::sheet::{Enter, Entries, Per, Scores, Sheet, SheetSpec, Standing};

/// The sheet a pad plays and what is entered on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetPad {
    /// The sheet as the game's rule file had it when the pad opened (a
    /// rule file changed later does not change a game begun).
    pub spec: SheetSpec,
    /// `[round][category][player]`: one round for a sheet scored once a
    /// game; none before the first entry.
    #[serde(default)]
    pub entries: Entries,
}

impl SheetPad {
    pub fn new(mut spec: SheetSpec) -> SheetPad {
        // The worked examples stay in the rule file (they are not saved).
        spec.examples.clear();
        SheetPad {
            spec,
            entries: Vec::new(),
        }
    }

    /// The sheet read (a pad's sheet was checked when it opened).
    pub fn sheet(&self) -> Option<Sheet> {
        Sheet::new(self.spec.clone()).ok()
    }

    /// The sheet and its scores for `players` players.
    pub fn worked(&self, players: usize) -> Option<(Sheet, Scores)> {
        let sheet = self.sheet()?;
        let scores = sheet.score(&self.entries, players).ok()?;
        Some((sheet, scores))
    }

    pub fn standing(&self, names: &[String]) -> Option<Standing> {
        let (sheet, scores) = self.worked(names.len())?;
        Some(sheet.standing(&scores, names))
    }

    /// What a play filed from this sheet keeps: each category's scores,
    /// the places, and a game won or lost together.
    pub fn into_play(&self, play: &mut crate::plays::Play, names: &[String]) {
        let Some((sheet, scores)) = self.worked(names.len()) else {
            return;
        };
        let standing = sheet.standing(&scores, names);
        play.categories = sheet
            .categories()
            .iter()
            .zip(scores.cells)
            .map(|(c, cells)| crate::plays::Category {
                name: c.name.clone(),
                scores: cells,
            })
            .collect();
        if sheet.spec.wins == crate::sheet::WinRule::Together {
            play.coop = true;
        } else {
            play.ranks = standing.places;
        }
        play.winners = standing.winners;
    }

    /// How many entries it holds.
    pub fn entered(&self) -> usize {
        self.entries.iter().flatten().flatten().flatten().count()
    }

    /// What may be entered next, as a player types it (for random play):
    /// each player's first empty category with an entry it takes, and a
    /// fix of the first player's first entry.
    pub fn legal(&self, names: &[String], over: bool) -> Vec<super::events::PadAction> {
        use super::events::PadAction;
        let Some(sheet) = self.sheet() else {
            return Vec::new();
        };
        let mut all = Vec::new();
        let example = |c: usize, salt: i64| -> Vec<String> {
            let cat = &sheet.categories()[c];
            let (lo, hi) = (cat.min.unwrap_or(0), cat.max.unwrap_or(9));
            let n = (lo.max(0) + (c as i64 + salt) % 3).min(hi);
            match cat.enter {
                Some(crate::sheet::Enter::YesNo) => {
                    vec![
                        if (c as i64 + salt) % 2 == 0 {
                            "yes"
                        } else {
                            "no"
                        }
                        .into(),
                    ]
                }
                Some(crate::sheet::Enter::List) => (0..cat.size.unwrap_or(3))
                    .map(|i| (lo + (i as i64 + c as i64 + salt) % (hi - lo + 1)).to_string())
                    .collect(),
                _ => vec![n.to_string()],
            }
        };
        for (p, name) in names.iter().enumerate() {
            // The first category still empty: once a game, or in the
            // last round (none: the first of a new round).
            let empty = |round: Option<&Vec<Vec<Option<Value>>>>, c: usize| {
                round.is_none_or(|r| r[c][p].is_none())
            };
            let entered = || {
                sheet
                    .categories()
                    .iter()
                    .enumerate()
                    .filter(|(_, cat)| cat.enter.is_some())
            };
            let open = entered()
                .find(|(c, cat)| match cat.per {
                    Per::Game => empty(self.entries.first(), *c),
                    Per::Round => empty(self.entries.last(), *c),
                })
                .or_else(|| entered().find(|(_, cat)| cat.per == Per::Round));
            if let (false, Some((c, cat))) = (over, open) {
                all.push(PadAction::Mark {
                    player: name.clone(),
                    items: vec![(cat.name.clone(), example(c, p as i64))],
                    exact: false,
                });
            }
        }
        let first = self.entries.first().and_then(|r| {
            r.iter()
                .position(|row| row.first().is_some_and(Option::is_some))
        });
        if let (Some(c), Some(name)) = (first, names.first()) {
            let cat = &sheet.categories()[c];
            all.push(PadAction::Amend {
                round: (cat.per == Per::Round).then_some(1),
                player: name.clone(),
                items: vec![(cat.name.clone(), example(c, 1))],
            });
        }
        all
    }

    /// The categories `player` has still to enter, in the sheet's
    /// order, and the round (of a sheet of rounds) the round's ones go
    /// in: the first round one of theirs is missing from, as `enter`
    /// puts them.
    pub fn open_for(&self, player: usize) -> (Option<usize>, Vec<usize>) {
        let cats = &self.spec.categories;
        let entered = |c: usize| cats[c].enter.is_some();
        let missing = |round: usize, c: usize| {
            self.entries
                .get(round)
                .is_none_or(|r| r[c].get(player).is_none_or(Option::is_none))
        };
        let by_rounds = cats.iter().any(|c| c.per == Per::Round);
        let round = (0..self.entries.len())
            .find(|&r| {
                (0..cats.len()).any(|c| entered(c) && cats[c].per == Per::Round && missing(r, c))
            })
            .unwrap_or(self.entries.len());
        let open = (0..cats.len())
            .filter(|&c| entered(c))
            .filter(|&c| match cats[c].per {
                Per::Game => missing(0, c),
                Per::Round => missing(round, c),
            })
            .collect();
        (by_rounds.then_some(round + 1), open)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.iter().flatten().flatten().all(Option::is_none)
    }

    pub fn whole(&self, players: usize) -> bool {
        self.sheet()
            .is_some_and(|s| s.whole(&self.entries, players))
    }

    /// The game is over: every entry of a game scored once is in; a game
    /// of rounds reached its `ends_at` with the round whole.
    pub fn over(&self, players: usize) -> bool {
        let Some((sheet, scores)) = self.worked(players) else {
            return false;
        };
        if !sheet.whole(&self.entries, players) {
            return false;
        }
        match (sheet.by_rounds(), sheet.spec.ends_at) {
            (false, _) => true,
            (true, None) => false,
            // Reached: at or past it, whoever wins (hearts ends at 100,
            // the lowest winning).
            (true, Some(at)) => scores.totals.iter().flatten().any(|&t| t >= at),
        }
    }

    /// An entry as shown: yes or no for a yes/no category.
    pub fn shown(&self, c: usize, v: &Value) -> String {
        match (self.spec.categories[c].enter, v) {
            (Some(Enter::YesNo), Value::Number(1)) => "yes".into(),
            (Some(Enter::YesNo), Value::Number(0)) => "no".into(),
            _ => v.to_string(),
        }
    }

    /// Enter (or, `fix`ing, change) `player`'s entries, each a category
    /// and the words typed for it; refused whole if any is wrong.
    pub fn enter(
        &mut self,
        names: &[String],
        player: usize,
        items: &[(String, Vec<String>)],
        fix: Option<Option<usize>>,
    ) -> Result<Vec<Event>, GameError> {
        let sheet = self
            .sheet()
            .ok_or_else(|| GameError::rule("this pad's sheet does not read"))?;
        let n = names.len();
        let cats = sheet.categories().len();
        // Every category named first, so a stray word is named as the
        // word it is (`pad ann ones 1 1 x 1 1`: 'x').
        let found = items
            .iter()
            .map(|(word, _)| sheet.category(word))
            .collect::<Result<Vec<usize>, _>>()
            .map_err(|e| GameError::word(e.0))?;
        let mut said = Vec::new();
        for (&c, (_, words)) in found.iter().zip(items) {
            let value = sheet.entry(c, words).map_err(|e| GameError::word(e.0))?;
            let cat = &sheet.categories()[c];
            let round = match (cat.per, fix) {
                (Per::Game, None | Some(None)) => 0,
                (Per::Game, Some(Some(_))) => {
                    return Err(GameError::word(format!(
                        "{} is entered once a game, in no round: pad fix {} {} ...",
                        cat.name, names[player], cat.name
                    )));
                }
                (Per::Round, Some(None)) => {
                    return Err(GameError::word(format!(
                        "{} is entered every round: say which, pad fix 2 {} {} ...",
                        cat.name, names[player], cat.name
                    )));
                }
                (Per::Round, Some(Some(r))) => {
                    if r == 0 || r > self.entries.len() {
                        return Err(GameError::word(format!(
                            "'{r}' is not a round of this pad: rounds 1 to {}",
                            self.entries.len()
                        )));
                    }
                    r - 1
                }
                (Per::Round, None) => self
                    .entries
                    .iter()
                    .position(|r| r[c][player].is_none())
                    .unwrap_or(self.entries.len()),
            };
            if round >= super::MOST_ROUNDS {
                return Err(GameError::rule(format!(
                    "{} rounds on this pad: `pad end` files it",
                    super::MOST_ROUNDS
                )));
            }
            while self.entries.len() <= round {
                self.entries.push(vec![vec![None; n]; cats]);
            }
            let cell = &mut self.entries[round][c][player];
            if fix.is_none()
                && let Some(was) = cell
            {
                return Err(GameError::rule(format!(
                    "{}'s {} is entered already ({}): pad fix {} {} ... changes it",
                    names[player], cat.name, was, names[player], cat.name
                )));
            }
            let was = cell.replace(value.clone());
            said.push((c, round, was, value));
        }
        let scores = sheet
            .score(&self.entries, n)
            .map_err(|why| GameError::rule(format!("not entered: {why}")))?;
        let by_rounds = sheet.by_rounds();
        Ok(said
            .into_iter()
            .map(|(c, round, was, value)| {
                let cat = &sheet.categories()[c];
                // The category's score where it was entered: this round's
                // for a round's category.
                let score = if cat.per == Per::Round {
                    sheet
                        .score(&self.round_only(round), n)
                        .ok()
                        .and_then(|s| s.cells[c][player])
                } else {
                    scores.cells[c][player]
                };
                Event::Marked {
                    round: by_rounds.then_some(round + 1),
                    player: names[player].clone(),
                    category: cat.name.replace('_', " "),
                    entry: self.shown(c, &value),
                    was: was.map(|w| self.shown(c, &w)),
                    score,
                }
            })
            .collect())
    }

    /// The entries of one round alone (a round's scores).
    fn round_only(&self, round: usize) -> Entries {
        vec![self.entries[round].clone()]
    }

    /// Whether a pad read back keeps a sheet that reads, with entries
    /// shaped to it.
    pub fn check(&self, players: usize, rounds: usize) -> Result<(), Unsound> {
        let sheet = Sheet::new(self.spec.clone()).map_err(|problems| {
            Unsound(format!(
                "its sheet does not read: {}",
                problems
                    .iter()
                    .map(|(at, why)| format!("{at}: {why}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            ))
        })?;
        if rounds > 0 {
            return Err("it keeps a sheet and rounds of plain scores both".into());
        }
        if self.entries.len() > super::MOST_ROUNDS {
            return Err("its sheet has too many rounds".into());
        }
        let cats = sheet.categories().len();
        for (r, round) in self.entries.iter().enumerate() {
            if round.len() != cats || round.iter().any(|row| row.len() != players) {
                return Err(Unsound(format!(
                    "its sheet's round {} is not {cats} categories by {players} players",
                    r + 1
                )));
            }
            for (c, row) in round.iter().enumerate() {
                for v in row.iter().flatten() {
                    // As typed (a yes/no is kept as 1 or 0, read as such).
                    let words: Vec<String> =
                        v.to_string().split_whitespace().map(String::from).collect();
                    sheet
                        .entry(c, &words)
                        .map_err(|why| Unsound(format!("its sheet's round {}: {why}", r + 1)))?;
                    if r > 0 && sheet.categories()[c].per == Per::Game {
                        return Err(Unsound(format!(
                            "its sheet has {} entered past the first round",
                            sheet.categories()[c].name
                        )));
                    }
                }
            }
        }
        sheet
            .score(&self.entries, players)
            .map(|_| ())
            .map_err(|why| Unsound(format!("its sheet does not work out: {why}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<(String, Vec<String>)> {
        let w: Vec<&str> = s.split_whitespace().collect();
        vec![(
            w[0].to_string(),
            w[1..].iter().map(|x| x.to_string()).collect(),
        )]
    }

    /// A game of rounds where the lowest wins ends when a total reaches
    /// its `ends_at` from below, as hearts ends at 100.
    #[test]
    fn the_lowest_wins_and_the_game_ends_at_a_total_reached() {
        let spec: SheetSpec = serde_yaml::from_str(
            "wins: lowest\nends_at: 100\ncategories: [{name: points, enter: count, per: round}]\n",
        )
        .unwrap();
        let mut kept = SheetPad::new(spec);
        let names = vec!["ann".to_string(), "ben".to_string()];
        for (p, typed) in [(0, "points 60"), (1, "points 20"), (0, "points 30")] {
            kept.enter(&names, p, &words(typed), None).unwrap();
            assert!(!kept.over(2));
        }
        // Round 2 whole at ann 90, ben 40: not yet; round 3 takes ann to 100.
        kept.enter(&names, 1, &words("points 20"), None).unwrap();
        assert!(!kept.over(2));
        kept.enter(&names, 0, &words("points 10"), None).unwrap();
        assert!(!kept.over(2), "the round is not whole");
        kept.enter(&names, 1, &words("points 0"), None).unwrap();
        assert!(kept.over(2));
        assert_eq!(kept.standing(&names).unwrap().winners, vec![1]);
    }
}
