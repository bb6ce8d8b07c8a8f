//! A score sheet's categories over a game's plays (`stats yacht`): each
//! person's average in each category, from the categories each filed or
//! imported play keeps.

use serde::Serialize;

use super::Play;

/// One game's categories: a row a category, a column a person.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ByCategory {
    pub game: String,
    /// The people, as the first play with them names them.
    pub people: Vec<String>,
    pub rows: Vec<CategoryRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryRow {
    pub category: String,
    /// Each person's average over the plays they scored it in (`None`:
    /// never).
    pub averages: Vec<Option<f64>>,
    /// How many plays each average is over.
    pub plays: Vec<usize>,
}

/// Each game's categories over `plays`, in the order the games and
/// categories first appear; a game whose plays keep none is left out.
pub fn by_category(plays: &[Play]) -> Vec<ByCategory> {
    let mut out: Vec<ByCategory> = Vec::new();
    for play in plays.iter().filter(|p| !p.categories.is_empty()) {
        let g = match out.iter().position(|b| b.game == play.game) {
            Some(g) => g,
            None => {
                out.push(ByCategory {
                    game: play.game.clone(),
                    people: Vec::new(),
                    rows: Vec::new(),
                });
                out.len() - 1
            }
        };
        let table = &mut out[g];
        // Each seat's column: a person is one column however their name
        // is cased or accented.
        let columns: Vec<usize> = play
            .people
            .iter()
            .map(|name| {
                let folded = crate::people::folded(name);
                match table
                    .people
                    .iter()
                    .position(|p| crate::people::folded(p) == folded)
                {
                    Some(k) => k,
                    None => {
                        table.people.push(name.clone());
                        for row in &mut table.rows {
                            row.averages.push(None);
                            row.plays.push(0);
                        }
                        table.people.len() - 1
                    }
                }
            })
            .collect();
        for c in &play.categories {
            let r = match table.rows.iter().position(|r| r.category == c.name) {
                Some(r) => r,
                None => {
                    table.rows.push(CategoryRow {
                        category: c.name.clone(),
                        averages: vec![None; table.people.len()],
                        plays: vec![0; table.people.len()],
                    });
                    table.rows.len() - 1
                }
            };
            let row = &mut table.rows[r];
            for (seat, score) in c.scores.iter().enumerate() {
                let (Some(x), Some(&k)) = (score, columns.get(seat)) else {
                    continue;
                };
                row.plays[k] += 1;
                row.averages[k] = Some(super::running_mean(row.averages[k], row.plays[k], *x));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plays::Category;

    fn play(people: &[&str], cats: &[(&str, &[Option<i64>])]) -> Play {
        let mut p = Play::new(
            "yacht",
            "2026-12-07",
            people.iter().map(|s| s.to_string()).collect(),
            vec![None; people.len()],
            Vec::new(),
        );
        p.categories = cats
            .iter()
            .map(|(name, scores)| Category {
                name: name.to_string(),
                scores: scores.to_vec(),
            })
            .collect();
        p
    }

    #[test]
    fn averages_by_person_and_category_over_the_plays() {
        let plays = [
            play(
                &["Ann", "Ben"],
                &[
                    ("ones", &[Some(3), Some(1)]),
                    ("yacht", &[Some(50), Some(0)]),
                ],
            ),
            // Zoë typed without her accent, Ben absent, a new row.
            play(
                &["zoe", "ann"],
                &[("ones", &[Some(2), Some(4)]), ("choice", &[None, Some(22)])],
            ),
            play(&["Zoë"], &[("ones", &[Some(5)])]),
            // A play without categories counts for nothing here.
            play(&["Ann"], &[]),
        ];
        let by = by_category(&plays);
        assert_eq!(by.len(), 1);
        let b = &by[0];
        assert_eq!(b.people, ["Ann", "Ben", "zoe"]);
        let row = |name: &str| b.rows.iter().find(|r| r.category == name).unwrap();
        assert_eq!(row("ones").averages, [Some(3.5), Some(1.0), Some(3.5)]);
        assert_eq!(row("ones").plays, [2, 1, 2]);
        assert_eq!(row("yacht").averages, [Some(50.0), Some(0.0), None]);
        assert_eq!(row("choice").averages, [Some(22.0), None, None]);
        assert_eq!(
            b.rows
                .iter()
                .map(|r| r.category.as_str())
                .collect::<Vec<_>>(),
            ["ones", "yacht", "choice"]
        );
    }
}
