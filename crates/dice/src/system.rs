//! The result words of real game systems: `roll sr 12` says "3 hits,
//! glitch", not a total. Each system rolls its own dice, reads them in its
//! words, and (in `odds`) gives the exact chance of every word.
//!
//! | line | system | dice | words |
//! |---|---|---|---|
//! | `sr 12` | Shadowrun | 12d6, 5 and 6 hit | hits; glitch (more than half 1s), critical glitch (and no hit) |
//! | `wod 7 diff=6 again` | Storyteller | 7d10 against 6 | successes less 1s; botch (no success, a 1); `again`: a 10 adds a die |
//! | `pbta+1` | Powered by the Apocalypse | 2d6+1 | 10+ strong hit, 7-9 weak hit, 6- miss |
//! | `coc 45 bonus=1` | Call of Cthulhu 7e | d100 under 45 | critical, extreme, hard, regular, failure, fumble |
//! | `fate+2` | Fate | 4dF+2 | the ladder: Mediocre (+0) to Legendary (+8) |
//! | `bitd 3` | Blades in the Dark | 3d6, the highest | critical (two 6s), full success, partial success, bad outcome |
//! | `genesys 2a1p 2d` | Genesys, Star Wars (`sw`) | symbol dice (`narrative`) | net successes or failure, advantage or threat, triumphs, despairs |
//! | `hero+2` | a player's own, from a rule file (`house`) | any expression | the words its total reads as |
//! | `saga 2g 1b` | a player's own symbol dice, from a rule file (`symbols`) | dice of symbols that cancel in pairs | each symbol left, success or failure |

pub mod declared;
pub mod house;
pub mod name;
pub mod narrative;
pub mod odds;
pub mod symbols;

use serde::Serialize;

use super::DiceError;
use crate::Faces;
use crate::random::TableRng;
use crate::roll::{At, Source, Why};

/// A system roll as asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    Shadowrun {
        dice: u32,
    },
    Storyteller {
        dice: u32,
        diff: u32,
        again: bool,
    },
    Pbta {
        modifier: i64,
    },
    Cthulhu {
        skill: u32,
        bonus: u32,
        penalty: u32,
    },
    Fate {
        modifier: i64,
    },
    Blades {
        dice: u32,
    },
    /// Genesys and Star Wars narrative dice: how many of each kind.
    Narrative {
        pool: narrative::Pool,
    },
}

/// The systems' words, for `help roll` and the saved-name check.
pub const NAMES: [&str; 8] = ["sr", "wod", "pbta", "coc", "fate", "bitd", "genesys", "sw"];

/// Most dice of a pool (Shadowrun, Storyteller, Blades).
const MAX_POOL: u32 = 100;
/// Most bonus or penalty dice in Call of Cthulhu (the rules allow two).
const MAX_EXTRA: u32 = 2;

/// One roll read in the system's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Read {
    /// The line as asked (`sr 12`).
    pub expr: String,
    pub system: String,
    /// Each die as it landed (Fate dice -1, 0, +1; Cthulhu's tens dice
    /// 0 to 90, then the units die).
    pub dice: Vec<i64>,
    /// The number the words read: hits, net successes, the total, the
    /// percentile roll, the ladder's step, the highest die.
    pub total: i64,
    /// The result in the system's words.
    pub result: String,
}

impl System {
    /// The system a line names, if its first word is a system's
    /// (`None`: dice or a saved name, for the usual parser).
    pub fn parse(line: &str) -> Option<Result<System, DiceError>> {
        let line = line.trim();
        let lower = line.to_ascii_lowercase();
        // `pbta+1`, `fate-1`: the modifier may touch the name.
        let split = lower
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(lower.len());
        let (name, rest) = lower.split_at(split);
        if !NAMES.contains(&name) {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        if rest.contains(',') {
            return Some(Err(DiceError {
                input: line.to_string(),
                pos: line.find(','),
                message: format!("`{name}` is rolled alone: `roll {name} ...`, then the next roll"),
            }));
        }
        Some(
            System::read_words(name, &words).map_err(|message| DiceError {
                input: line.to_string(),
                pos: None,
                message,
            }),
        )
    }

    fn read_words(name: &str, words: &[&str]) -> Result<System, String> {
        match name {
            "sr" => Ok(System::Shadowrun {
                dice: pool(words, "sr 12", 1)?,
            }),
            "bitd" => Ok(System::Blades {
                dice: pool(words, "bitd 3", 0)?,
            }),
            "pbta" => Ok(System::Pbta {
                modifier: modifier(words, "pbta+1")?,
            }),
            "fate" => Ok(System::Fate {
                modifier: modifier(words, "fate+2")?,
            }),
            "wod" => storyteller(words),
            "genesys" | "sw" => Ok(System::Narrative {
                pool: narrative::parse_pool(words)?,
            }),
            _ => cthulhu(words),
        }
    }

    /// The system's name as players know it.
    pub fn title(&self) -> &'static str {
        match self {
            System::Shadowrun { .. } => "Shadowrun",
            System::Storyteller { .. } => "Storyteller",
            System::Pbta { .. } => "Powered by the Apocalypse",
            System::Cthulhu { .. } => "Call of Cthulhu",
            System::Fate { .. } => "Fate",
            System::Blades { .. } => "Blades in the Dark",
            System::Narrative { .. } => "Genesys narrative dice",
        }
    }

    /// The line in its usual form (`sr 12`, `pbta+1`).
    pub fn line(&self) -> String {
        let signed = signed_or_empty;
        match *self {
            System::Shadowrun { dice } => format!("sr {dice}"),
            System::Storyteller { dice, diff, again } => {
                format!(
                    "wod {dice} diff={diff}{}",
                    if again { " again" } else { "" }
                )
            }
            System::Pbta { modifier } => format!("pbta{}", signed(modifier)),
            System::Cthulhu {
                skill,
                bonus,
                penalty,
            } => {
                let mut s = format!("coc {skill}");
                if bonus > 0 {
                    s += &format!(" bonus={bonus}");
                }
                if penalty > 0 {
                    s += &format!(" penalty={penalty}");
                }
                s
            }
            System::Fate { modifier } => format!("fate{}", signed(modifier)),
            System::Blades { dice } => format!("bitd {dice}"),
            System::Narrative { pool } => format!("genesys {}", narrative::pool_line(&pool)),
        }
    }

    /// What is rolled, in words (for `prob`'s heading).
    pub fn dice_words(&self) -> String {
        match *self {
            System::Shadowrun { dice } => format!("{dice}d6, a hit on 5 or 6"),
            System::Storyteller { dice, diff, again } => format!(
                "{dice}d10, a success on {diff} or more, each 1 takes one away{}",
                if again { "; a 10 adds a die" } else { "" }
            ),
            System::Pbta { modifier } => format!("2d6{}", signed_or_empty(modifier)),
            System::Cthulhu {
                skill,
                bonus,
                penalty,
            } => {
                let net = net_bonus(bonus, penalty);
                let extra = match net {
                    0 => String::new(),
                    n if n > 0 => format!(", {n} bonus {}", if n == 1 { "die" } else { "dice" }),
                    n => format!(", {} penalty {}", -n, if n == -1 { "die" } else { "dice" }),
                };
                format!("d100 at or under {skill}{extra}")
            }
            System::Fate { modifier } => format!("4dF{}", signed_or_empty(modifier)),
            System::Blades { dice: 0 } => "2d6, the lower".to_string(),
            System::Blades { dice } => format!("{dice}d6, the highest"),
            System::Narrative { pool } => narrative::pool_words(&pool),
        }
    }

    /// The dice a table rolls for it, as the faces each die can show
    /// (`None`: its dice show symbols, which only tablemate rolls). The
    /// dice written are term 0 (Call of Cthulhu's units die term 1).
    pub fn table_dice(&self) -> Option<Vec<(At, Faces)>> {
        let n = |count: u32, faces: Faces| -> Vec<(At, Faces)> {
            (0..u64::from(count))
                .map(|die| {
                    (
                        At {
                            term: 0,
                            die,
                            draw: 0,
                        },
                        faces.clone(),
                    )
                })
                .collect()
        };
        Some(match *self {
            System::Shadowrun { dice } => n(dice, Faces::Numbered(6)),
            System::Storyteller { dice, .. } => n(dice, Faces::Numbered(10)),
            System::Pbta { .. } => n(2, Faces::Numbered(6)),
            System::Fate { .. } => n(4, Faces::Fudge),
            System::Blades { dice } => n(dice.max(2), Faces::Numbered(6)),
            System::Cthulhu { bonus, penalty, .. } => {
                let tens = 1 + net_bonus(bonus, penalty).unsigned_abs() as u32;
                let mut all = n(tens, tens_die());
                all.push((
                    At {
                        term: 1,
                        die: 0,
                        draw: 0,
                    },
                    units_die(),
                ));
                all
            }
            System::Narrative { .. } => return None,
        })
    }

    /// Roll it and read the dice.
    pub fn roll(&self, rng: &mut TableRng) -> Read {
        self.roll_from(rng)
    }

    /// `roll`, its faces from `src` (the generator or the table's dice).
    /// A table's dice are not asked for symbol dice (see `table_dice`).
    pub fn roll_from<S: Source>(&self, src: &mut S) -> Read {
        let mut d = |n: u32, faces: &Faces| -> Vec<i64> {
            (0..u64::from(n))
                .map(|die| {
                    src.face(
                        faces,
                        At {
                            term: 0,
                            die,
                            draw: 0,
                        },
                        Why::Rolled,
                    )
                })
                .collect()
        };
        let (dice, total, result) = match *self {
            System::Shadowrun { dice } => {
                let faces = d(dice, &Faces::Numbered(6));
                let hits = faces.iter().filter(|&&f| f >= 5).count() as u32;
                let ones = faces.iter().filter(|&&f| f == 1).count() as u32;
                (faces, i64::from(hits), shadowrun_words(dice, hits, ones))
            }
            System::Storyteller { dice, diff, again } => {
                let mut faces = d(dice, &Faces::Numbered(10));
                if again {
                    // As `!` in a dice roll: each 10 rolls one more die,
                    // at most 100 extra dice in all.
                    let mut extra = 0;
                    for die in 0..faces.len() {
                        let mut at = At {
                            term: 0,
                            die: die as u64,
                            draw: 0,
                        };
                        let mut last = faces[die];
                        while last == 10 && extra < 100 && !src.short(at) {
                            at.draw += 1;
                            last = src.face(&Faces::Numbered(10), at, Why::Exploded(10));
                            faces.push(last);
                            extra += 1;
                        }
                    }
                }
                let successes = faces.iter().filter(|&&f| f >= i64::from(diff)).count() as i64;
                let ones = faces.iter().filter(|&&f| f == 1).count() as i64;
                let net = successes - ones;
                (faces, net, storyteller_words(successes, ones))
            }
            System::Pbta { modifier } => {
                let faces = d(2, &Faces::Numbered(6));
                let total = faces.iter().sum::<i64>() + modifier;
                (faces, total, pbta_words(total).to_string())
            }
            System::Fate { modifier } => {
                let faces = d(4, &Faces::Fudge);
                let total = faces.iter().sum::<i64>() + modifier;
                (faces, total, fate_words(total))
            }
            System::Blades { dice } => {
                let faces = d(dice.max(2), &Faces::Numbered(6));
                let (top, sixes) = blades_read(dice, &faces);
                (faces, top, blades_words(dice, top, sixes).to_string())
            }
            System::Cthulhu {
                skill,
                bonus,
                penalty,
            } => {
                let net = net_bonus(bonus, penalty);
                let tens = d(1 + net.unsigned_abs() as u32, &tens_die());
                let at = At {
                    term: 1,
                    die: 0,
                    draw: 0,
                };
                let units = src.face(&units_die(), at, Why::Rolled);
                let value = percentile(&tens, units, net);
                let mut faces = tens;
                faces.push(units);
                (faces, value, cthulhu_words(skill, value).to_string())
            }
            System::Narrative { pool } => {
                let faces = narrative::roll(&pool, src);
                let (net, _) = narrative::read(&pool, &faces);
                (faces, net.successes, net.words())
            }
        };
        Read {
            expr: self.line(),
            system: self.title().to_string(),
            dice,
            total,
            result,
        }
    }
}

/// A percentile's tens die: 00 to 90.
fn tens_die() -> Faces {
    Faces::List((0..10).map(|t| t * 10).collect())
}

/// A percentile's units die: 0 to 9.
fn units_die() -> Faces {
    Faces::List((0..10).collect())
}

/// Call of Cthulhu's bonus and penalty dice cancel one for one: the
/// bonus dice left (negative: penalty dice).
pub fn net_bonus(bonus: u32, penalty: u32) -> i64 {
    i64::from(bonus) - i64::from(penalty)
}

fn signed_or_empty(m: i64) -> String {
    if m == 0 {
        String::new()
    } else {
        format!("{m:+}")
    }
}

/// A pool's size: one number, at least `least`.
fn pool(words: &[&str], example: &str, least: u32) -> Result<u32, String> {
    let [n] = words else {
        return Err(format!("say how many dice: {example}"));
    };
    let dice: u32 = n
        .parse()
        .map_err(|_| format!("'{n}' is not a number of dice: {example}"))?;
    if dice < least || dice > MAX_POOL {
        return Err(format!(
            "'{n}': a pool of {least} to {MAX_POOL} dice: {example}"
        ));
    }
    Ok(dice)
}

/// `+1`, `-2`, `1` or nothing.
fn modifier(words: &[&str], example: &str) -> Result<i64, String> {
    let text = words.concat();
    if text.is_empty() {
        return Ok(0);
    }
    let m: i64 = text
        .strip_prefix('+')
        .unwrap_or(&text)
        .parse()
        .map_err(|_| format!("'{text}' is not a modifier: {example}"))?;
    if m.unsigned_abs() > 100 {
        return Err(format!("'{text}': a modifier from -100 to +100"));
    }
    Ok(m)
}

/// `wod 7`, `wod 7 diff=6`, `wod 7 6`, `wod 7 again`.
fn storyteller(words: &[&str]) -> Result<System, String> {
    let example = "wod 7 diff=6";
    let (first, rest) = words
        .split_first()
        .ok_or_else(|| format!("say how many dice: {example}"))?;
    let dice = pool(&[first], example, 1)?;
    let (mut diff, mut again) = (6, false);
    for w in rest {
        if *w == "again" || *w == "10again" || *w == "10-again" {
            again = true;
        } else {
            let n = w.strip_prefix("diff=").unwrap_or(w);
            diff = n
                .parse()
                .ok()
                .filter(|d| (2..=10).contains(d))
                .ok_or_else(|| {
                    format!("'{w}': a difficulty from 2 to 10 (diff=6), or `again` (10s add a die)")
                })?;
        }
    }
    Ok(System::Storyteller { dice, diff, again })
}

/// `coc 45`, `coc 45 bonus=1`, `coc 45 penalty=2`.
fn cthulhu(words: &[&str]) -> Result<System, String> {
    let example = "coc 45 (bonus=1, penalty=1)";
    let (first, rest) = words
        .split_first()
        .ok_or_else(|| format!("say the skill: {example}"))?;
    let skill: u32 = first
        .parse()
        .ok()
        .filter(|s| (1..=99).contains(s))
        .ok_or_else(|| format!("'{first}': a skill from 1 to 99: {example}"))?;
    let (mut bonus, mut penalty) = (0, 0);
    for w in rest {
        let (key, n) = w
            .split_once('=')
            .ok_or_else(|| format!("'{w}' is not understood: {example}"))?;
        let n: u32 = n
            .parse()
            .ok()
            .filter(|n| *n <= MAX_EXTRA)
            .ok_or_else(|| format!("'{w}': 0 to {MAX_EXTRA} bonus or penalty dice"))?;
        match key {
            "bonus" | "b" => bonus = n,
            "penalty" | "p" => penalty = n,
            _ => return Err(format!("'{w}' is not understood: {example}")),
        }
    }
    Ok(System::Cthulhu {
        skill,
        bonus,
        penalty,
    })
}

/// Shadowrun: hits, and a glitch when more than half the dice show 1
/// (a critical glitch with no hit).
pub fn shadowrun_words(dice: u32, hits: u32, ones: u32) -> String {
    let glitch = 2 * ones > dice;
    let hits_text = format!("{hits} {}", if hits == 1 { "hit" } else { "hits" });
    match (glitch, hits) {
        (true, 0) => "critical glitch".to_string(),
        (true, _) => format!("{hits_text}, glitch"),
        _ => hits_text,
    }
}

/// Storyteller: each 1 takes a success away; a botch when no die
/// succeeded and one shows 1.
pub fn storyteller_words(successes: i64, ones: i64) -> String {
    let net = successes - ones;
    if successes == 0 && ones > 0 {
        "botch".to_string()
    } else if net <= 0 {
        "failure".to_string()
    } else {
        format!("{net} {}", if net == 1 { "success" } else { "successes" })
    }
}

pub fn pbta_words(total: i64) -> &'static str {
    match total {
        t if t >= 10 => "strong hit",
        7..=9 => "weak hit",
        _ => "miss",
    }
}

/// The Fate ladder (Fate Core, with Fate Condensed's two lowest steps).
pub fn fate_words(total: i64) -> String {
    let word = match total {
        8 => "Legendary",
        7 => "Epic",
        6 => "Fantastic",
        5 => "Superb",
        4 => "Great",
        3 => "Good",
        2 => "Fair",
        1 => "Average",
        0 => "Mediocre",
        -1 => "Poor",
        -2 => "Terrible",
        -3 => "Catastrophic",
        -4 => "Horrifying",
        t if t > 8 => "beyond Legendary",
        _ => "beyond Horrifying",
    };
    format!("{total:+} {word}")
}

/// Blades: the highest die and how many show 6 (with no dice, two are
/// rolled and the lower read, which cannot be critical).
fn blades_read(dice: u32, faces: &[i64]) -> (i64, usize) {
    if dice == 0 {
        (*faces.iter().min().unwrap_or(&1), 0)
    } else {
        let top = *faces.iter().max().unwrap_or(&1);
        (top, faces.iter().filter(|&&f| f == 6).count())
    }
}

pub fn blades_words(dice: u32, top: i64, sixes: usize) -> &'static str {
    match top {
        6 if dice > 0 && sixes >= 2 => "critical",
        6 => "full success",
        4 | 5 => "partial success",
        _ => "bad outcome",
    }
}

/// The percentile roll from the tens dice and the units die: 00 and 0
/// read 100; a bonus die keeps the best (lowest) reading, a penalty die
/// the worst.
pub fn percentile(tens: &[i64], units: i64, net: i64) -> i64 {
    let read = |t: &i64| if t + units == 0 { 100 } else { t + units };
    let values = tens.iter().map(read);
    if net >= 0 { values.min() } else { values.max() }.unwrap_or(100)
}

/// Call of Cthulhu 7th edition: 01 a critical; at or under a fifth of
/// the skill extreme, half hard, the skill regular; a fumble on 100, or
/// on 96 to 100 when the skill is under 50.
pub fn cthulhu_words(skill: u32, value: i64) -> &'static str {
    let s = i64::from(skill);
    match value {
        1 => "critical",
        v if v <= s / 5 => "extreme success",
        v if v <= s / 2 => "hard success",
        v if v <= s => "regular success",
        v if v == 100 || (s < 50 && v >= 96) => "fumble",
        _ => "failure",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> System {
        System::parse(line).unwrap().unwrap()
    }

    #[test]
    fn lines_read_as_systems() {
        assert_eq!(parsed("sr 12"), System::Shadowrun { dice: 12 });
        assert_eq!(parsed("SR 12"), System::Shadowrun { dice: 12 });
        assert_eq!(
            parsed("wod 7 diff=8 again"),
            System::Storyteller {
                dice: 7,
                diff: 8,
                again: true
            }
        );
        assert_eq!(parsed("pbta+1"), System::Pbta { modifier: 1 });
        assert_eq!(parsed("pbta -1"), System::Pbta { modifier: -1 });
        assert_eq!(parsed("fate"), System::Fate { modifier: 0 });
        assert_eq!(
            parsed("coc 45 penalty=1"),
            System::Cthulhu {
                skill: 45,
                bonus: 0,
                penalty: 1
            }
        );
        assert_eq!(parsed("bitd 0"), System::Blades { dice: 0 });
        assert!(System::parse("3d6").is_none());
        assert!(System::parse("srx").is_none());
        for bad in [
            "sr",
            "sr 0",
            "sr x",
            "wod 7 diff=11",
            "coc 0",
            "coc 45 bonus=3",
            "fate+x",
        ] {
            assert!(System::parse(bad).unwrap().is_err(), "{bad}");
        }
    }

    #[test]
    fn fixed_dice_give_fixed_words() {
        assert_eq!(shadowrun_words(4, 0, 3), "critical glitch");
        assert_eq!(shadowrun_words(4, 1, 3), "1 hit, glitch");
        assert_eq!(shadowrun_words(4, 2, 2), "2 hits");
        assert_eq!(storyteller_words(0, 1), "botch");
        assert_eq!(storyteller_words(1, 1), "failure");
        assert_eq!(storyteller_words(3, 1), "2 successes");
        assert_eq!(pbta_words(10), "strong hit");
        assert_eq!(pbta_words(7), "weak hit");
        assert_eq!(pbta_words(6), "miss");
        assert_eq!(fate_words(2), "+2 Fair");
        assert_eq!(fate_words(-5), "-5 beyond Horrifying");
        assert_eq!(blades_words(3, 6, 2), "critical");
        assert_eq!(blades_words(0, 6, 2), "full success");
        assert_eq!(blades_words(3, 4, 0), "partial success");
        assert_eq!(blades_words(3, 3, 0), "bad outcome");
        assert_eq!(percentile(&[0], 0, 0), 100);
        assert_eq!(percentile(&[0, 30], 4, 1), 4);
        assert_eq!(percentile(&[0, 30], 4, -1), 34);
        assert_eq!(percentile(&[0, 90], 0, 1), 90);
        assert_eq!(cthulhu_words(45, 1), "critical");
        assert_eq!(cthulhu_words(45, 9), "extreme success");
        assert_eq!(cthulhu_words(45, 10), "hard success");
        assert_eq!(cthulhu_words(45, 22), "hard success");
        assert_eq!(cthulhu_words(45, 45), "regular success");
        assert_eq!(cthulhu_words(45, 95), "failure");
        assert_eq!(cthulhu_words(45, 96), "fumble");
        assert_eq!(cthulhu_words(60, 99), "failure");
        assert_eq!(cthulhu_words(60, 100), "fumble");
    }
}
