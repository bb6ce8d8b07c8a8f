//! The `key=value` settings each game's setup takes, declared once (key,
//! type with its range, help, completion values) and read by one parser,
//! so `setup GAME --help`, Tab completion and the error for a bad value
//! all come from the same table.

use crate::pieces::{Rank, Suit};

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A whole number from `min` to `max`.
    Number { min: u32, max: u32 },
    /// One of a few words (the first is the name shown).
    Choice(&'static [&'static str]),
    /// Any one of these words, each meaning itself.
    OneOf(&'static [&'static str]),
    /// A die face: n a 2 3 4 5.
    Face,
    /// Die faces in order, separated by commas.
    Faces,
    /// Exactly `count` whole numbers from `min` to `max`, by commas.
    Numbers { count: usize, min: u32, max: u32 },
    /// Piecepack suits by letter, separated by commas.
    Suits,
    /// A playing card: `7H`, `QS`.
    Card,
    /// Some of these words, separated by commas.
    Words(&'static [&'static str]),
    /// Free text, read by the game (a layout, a file name).
    Text(&'static str),
}

impl Type {
    /// The value's shape, for help: `2..4`, `n|a|2|3|4|5`, `N,N,N,N`.
    fn shape(self) -> String {
        match self {
            Type::Number { min, max } => format!("{min}..{max}"),
            Type::Choice(words) => words[0].to_string(),
            Type::OneOf(words) => words.join("|"),
            Type::Face => "FACE".into(),
            Type::Faces => "FACE,FACE,...".into(),
            Type::Numbers { count, .. } => vec!["N"; count].join(","),
            Type::Suits => "S,M,C,A".into(),
            Type::Card => "CARD".into(),
            Type::Words(words) => format!("{},...", words.join("|")),
            Type::Text(shape) => shape.into(),
        }
    }
}

/// One setting.
#[derive(Debug, Clone, Copy)]
pub struct Arg {
    pub key: &'static str,
    pub ty: Type,
    pub help: &'static str,
}

/// What one game's setup takes.
#[derive(Debug, Clone, Copy)]
pub struct Setup {
    /// The game's id, as `rules` and the layouts name it.
    pub id: &'static str,
    /// What loose words (not `key=value`) mean; `None`: it takes none.
    pub words: Option<&'static str>,
    pub args: &'static [Arg],
}

const ROLLS: Arg = Arg {
    key: "rolls",
    ty: Type::Faces,
    help: "your die results, in order",
};

/// The die that picks Trampo-Land's empty trampoline.
const TRAMPO_DIE: Arg = Arg {
    key: "die",
    ty: Type::Face,
    help: "the die you rolled (it picks the empty trampoline)",
};

/// Trampo-Land's adults come from the Whack-a-Dummy column sums.
const COLUMNS: Arg = Arg {
    key: "columns",
    ty: Type::Numbers {
        count: 4,
        min: 0,
        max: 30,
    },
    help: "the Whack-a-Dummy column sums, left to right",
};

/// Every game tablemate sets up.
pub const SETUPS: &[Setup] = &[
    Setup {
        id: "slide-jam",
        words: Some("clearable: a deal the solver can clear"),
        args: &[],
    },
    Setup {
        id: "magic-mirror",
        words: Some("the two stacks, top first, split by /"),
        args: &[],
    },
    Setup {
        id: "catwalk",
        words: Some("the tiles in laying order"),
        args: &[ROLLS],
    },
    Setup {
        id: "roll-out-the-barrels",
        words: Some("the coin values in the order placed"),
        args: &[],
    },
    Setup {
        id: "whack-a-dummy",
        words: None,
        args: &[],
    },
    Setup {
        id: "trampo-land",
        words: None,
        args: &[
            TRAMPO_DIE,
            Arg {
                key: "cast",
                ty: Type::Number { min: 0, max: 15 },
                help: "what the six cast coins show (0: cast again)",
            },
            COLUMNS,
        ],
    },
    Setup {
        id: "lab-rats",
        words: None,
        args: &[
            ROLLS,
            Arg {
                key: "variant",
                ty: Type::Choice(&["harder"]),
                help: "no backing up",
            },
        ],
    },
    Setup {
        id: "angry-troll",
        words: None,
        args: &[
            Arg {
                key: "bridge",
                ty: Type::OneOf(&["24", "36", "48"]),
                help: "cards in the bridge (36, 48: the diary's easier ones)",
            },
            Arg {
                key: "variant",
                ty: Type::Words(&["club-start", "diamond-ace", "toys", "gift"]),
                help: "the diary's variants, by commas",
            },
            Arg {
                key: "cards",
                ty: Type::Choice(&["mine"]),
                help: "laid with your own deck: name cards as they turn up",
            },
            Arg {
                key: "card",
                ty: Type::Card,
                help: "the card turned up into the lower stack",
            },
            Arg {
                key: "die",
                ty: Type::Number { min: 1, max: 6 },
                help: "your roll for the troll's slot",
            },
            Arg {
                key: "gift",
                ty: Type::Card,
                help: "with variant=gift and cards=mine: the card given",
            },
        ],
    },
    Setup {
        id: "slides-of-action",
        words: None,
        args: &[
            Arg {
                key: "players",
                ty: Type::Number { min: 2, max: 3 },
                help: "how many play (3 if not given)",
            },
            Arg {
                key: "suits",
                ty: Type::Suits,
                help: "each player's suit, player 1 first",
            },
            Arg {
                key: "variant",
                ty: Type::Choice(&["harder"]),
                help: "a win counts with at most one diagonal link",
            },
            Arg {
                key: "against",
                ty: Type::Choice(&["tablemate"]),
                help: "tablemate plays the last player's suit",
            },
        ],
    },
    Setup {
        id: "penguins-night-out",
        words: None,
        args: &[
            Arg {
                key: "players",
                ty: Type::Number { min: 2, max: 4 },
                help: "how many play (2 if not given)",
            },
            Arg {
                key: "variant",
                ty: Type::Choice(&["elbow-room", "elbow"]),
                help: "Elbow Room: double-nine dominoes, 3+ players",
            },
            Arg {
                key: "layout",
                ty: Type::Text("A-B@rRcC ... | FILE"),
                help: "your own board: each domino and its first square",
            },
            Arg {
                key: "nests",
                ty: Type::Text("A-B,A-B,..."),
                help: "the nests you rolled, player 1 first",
            },
        ],
    },
];

/// The setup a game name stands for: a Funhouse room by its names and
/// aliases, or another game by its (`troll`, `penguins`, `rats` ...).
pub fn resolve(name: &str) -> Option<&'static Setup> {
    if let Ok(room) = name.parse::<super::funhouse::Room>() {
        return Some(setup(room.id()));
    }
    let id = match name.to_ascii_lowercase().replace('_', "-").as_str() {
        "lab-rats" | "labrats" | "rats" | "lr" => "lab-rats",
        "troll" | "angry-troll" | "magic-bridge" | "atmb" => "angry-troll",
        "slides-of-action" | "slides" | "soa" => "slides-of-action",
        "penguins" | "penguin" | "penguins-night-out" | "pno" => "penguins-night-out",
        _ => return None,
    };
    Some(setup(id))
}

/// The declarations for a game id.
pub fn setup(id: &str) -> &'static Setup {
    SETUPS
        .iter()
        .find(|s| s.id == id)
        .expect("every game tablemate sets up is declared")
}

const BUDGET: Arg = Arg {
    key: "budget",
    ty: Type::Number { min: 1, max: 600 },
    help: "seconds to search before giving the best found",
};

const HAND: Arg = Arg {
    key: "die",
    ty: Type::OneOf(&["right", "left"]),
    help: "your die's handedness (default: the `die` setting)",
};

/// What `solve ROOM` takes, room by room: the position (or the run's),
/// and the search's settings.
pub const SOLVES: &[Setup] = &[
    Setup {
        id: "slide-jam",
        words: Some("the 24 tiles in reading order"),
        args: &[BUDGET],
    },
    Setup {
        id: "magic-mirror",
        words: Some("the two grids in reading order, split by /"),
        args: &[],
    },
    Setup {
        id: "roll-out-the-barrels",
        words: Some("the 24 coin values in reading order"),
        args: &[HAND],
    },
    Setup {
        id: "whack-a-dummy",
        words: Some("the 24 coin values in reading order"),
        args: &[Arg {
            key: "start",
            ty: Type::OneOf(&["r3c2", "r3c3", "r4c2", "r4c3"]),
            help: "the central square the die starts on (default: the best)",
        }],
    },
    Setup {
        id: "trampo-land",
        words: None,
        args: &[
            TRAMPO_DIE,
            Arg {
                key: "cast",
                ty: Type::Number { min: 1, max: 15 },
                help: "what the six cast coins showed",
            },
            COLUMNS,
            BUDGET,
        ],
    },
];

/// The declarations `solve` uses for a room id, if it solves that room.
pub fn solve(id: &str) -> Option<&'static Setup> {
    SOLVES.iter().find(|s| s.id == id)
}

/// A setting's value, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Number(u32),
    Choice(&'static str),
    Face(Rank),
    Faces(Vec<Rank>),
    Numbers(Vec<u32>),
    Suits(Vec<Suit>),
    Card(crate::pieces::Card),
    Words(Vec<&'static str>),
    Text(String),
}

/// What the player gave: loose words and checked settings.
#[derive(Debug, Clone, Default)]
pub struct Given {
    pub words: Vec<String>,
    values: Vec<(&'static str, Value)>,
}

impl Given {
    fn get(&self, key: &str) -> Option<&Value> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    pub fn number(&self, key: &str) -> Option<u32> {
        match self.get(key)? {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The choice's first name (so aliases need no second look).
    pub fn choice(&self, key: &str) -> Option<&'static str> {
        match self.get(key)? {
            Value::Choice(c) => Some(c),
            _ => None,
        }
    }

    pub fn face(&self, key: &str) -> Option<Rank> {
        match self.get(key)? {
            Value::Face(r) => Some(*r),
            _ => None,
        }
    }

    pub fn faces(&self, key: &str) -> Option<Vec<Rank>> {
        match self.get(key)? {
            Value::Faces(v) => Some(v.clone()),
            _ => None,
        }
    }

    pub fn numbers(&self, key: &str) -> Option<Vec<u32>> {
        match self.get(key)? {
            Value::Numbers(v) => Some(v.clone()),
            _ => None,
        }
    }

    pub fn card(&self, key: &str) -> Option<crate::pieces::Card> {
        match self.get(key)? {
            Value::Card(c) => Some(*c),
            _ => None,
        }
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        match self.get(key)? {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    pub fn words_of(&self, key: &str) -> Vec<&'static str> {
        match self.get(key) {
            Some(Value::Words(v)) => v.clone(),
            _ => Vec::new(),
        }
    }

    pub fn suits(&self, key: &str) -> Option<Vec<Suit>> {
        match self.get(key)? {
            Value::Suits(v) => Some(v.clone()),
            _ => None,
        }
    }
}

/// Read one `key=value` against its declaration; the error names the
/// word and what the setting takes.
fn value(arg: &Arg, word: &str, v: &str) -> Result<Value, String> {
    let takes = |what: String| format!("'{word}': {} is {what}: {}", arg.key, arg.help);
    match arg.ty {
        Type::Number { min, max } => match v.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Value::Number(n)),
            _ => Err(takes(format!("a whole number from {min} to {max}"))),
        },
        Type::Choice(words) => words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(v))
            .map(|_| Value::Choice(words[0]))
            .ok_or_else(|| takes(format!("{} or nothing", words[0]))),
        Type::OneOf(words) => words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(v))
            .map(|w| Value::Choice(w))
            .ok_or_else(|| takes(format!("one of {}", words.join(", ")))),
        Type::Face => v
            .parse::<Rank>()
            .map(Value::Face)
            .map_err(|_| takes("a die face: n, a, 2, 3, 4 or 5".into())),
        Type::Faces => super::parse_rolls(v).map(Value::Faces),
        Type::Numbers { count, min, max } => {
            let list: Option<Vec<u32>> = v
                .split(',')
                .map(|s| {
                    s.trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (min..=max).contains(n))
                })
                .collect();
            match list {
                Some(list) if list.len() == count => Ok(Value::Numbers(list)),
                _ => Err(takes(format!(
                    "{count} whole numbers from {min} to {max}, split by commas"
                ))),
            }
        }
        Type::Suits => v
            .split(',')
            .map(|s| {
                s.trim()
                    .parse::<Suit>()
                    .map_err(|e| format!("'{word}': {e}"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Suits),
        Type::Card => v
            .parse::<crate::pieces::Card>()
            .map(Value::Card)
            .map_err(|e| format!("'{word}': {e}")),
        Type::Text(_) => Ok(Value::Text(v.to_string())),
        Type::Words(words) => v
            .split(',')
            .map(|s| {
                words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(s.trim()))
                    .copied()
                    .ok_or_else(|| {
                        format!(
                            "'{word}': '{}' is not one of {}",
                            s.trim(),
                            words.join(", ")
                        )
                    })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Words),
    }
}

/// Read a setup's input: `key=value` words against the game's table, the
/// rest as loose words (refused when the game takes none).
pub fn parse(setup: &Setup, input: &[String]) -> Result<Given, String> {
    parse_for("setup", setup, input)
}

/// `parse` for a command other than `setup` (its errors name `verb`).
pub fn parse_for(verb: &str, setup: &Setup, input: &[String]) -> Result<Given, String> {
    let mut given = Given::default();
    for word in input {
        let Some((k, v)) = word.split_once('=') else {
            if setup.words.is_none() {
                return Err(format!(
                    "'{word}' is not understood: {verb} {} takes {}",
                    setup.id,
                    takes(setup)
                ));
            }
            given.words.push(word.clone());
            continue;
        };
        let arg = setup
            .args
            .iter()
            .find(|a| a.key.eq_ignore_ascii_case(k))
            .ok_or_else(|| {
                format!(
                    "'{word}' is not a setting of {verb} {}: it takes {}",
                    setup.id,
                    takes(setup)
                )
            })?;
        if given.get(arg.key).is_some() {
            return Err(format!("{}= is given twice", arg.key));
        }
        given.values.push((arg.key, value(arg, word, v)?));
    }
    Ok(given)
}

/// What a setup takes, in a few words.
fn takes(setup: &Setup) -> String {
    if setup.args.is_empty() {
        return match setup.words {
            Some(w) => w.to_string(),
            None => "nothing: the rest is dealt at random".to_string(),
        };
    }
    let keys: Vec<String> = setup.args.iter().map(|a| format!("{}=", a.key)).collect();
    keys.join(", ")
}

/// `setup GAME --help`: each setting with its range and meaning.
pub fn help(setup: &Setup) -> String {
    let mut out = format!("setup {}", setup.id);
    if let Some(w) = setup.words {
        out.push_str(&format!(" [WORDS]\n  WORDS: {w}"));
    }
    if setup.args.is_empty() {
        if setup.words.is_none() {
            out.push_str("\n  takes nothing: the deal is random");
        }
    } else {
        out.push_str("\nsettings (each optional):");
        for a in setup.args {
            out.push_str(&format!("\n  {}={}\n      {}", a.key, a.ty.shape(), a.help));
        }
    }
    out.push_str("\nAnything not given is drawn at random, and said so.");
    out.push_str("\n--out FILE also writes the layout to a file:");
    out.push_str("\n  .svg .png .ppn .csv .json or .txt");
    out
}

/// Tab completions for a setup's settings: `key=`, or `key=word` for a
/// choice.
pub fn completions(setup: &Setup) -> Vec<String> {
    let mut out = Vec::new();
    for a in setup.args {
        match a.ty {
            Type::Choice(words) => out.push(format!("{}={}", a.key, words[0])),
            Type::OneOf(words) => out.extend(words.iter().map(|w| format!("{}={w}", a.key))),
            _ => out.push(format!("{}=", a.key)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_are_checked_against_their_declarations() {
        let p = setup("penguins-night-out");
        let g = parse(p, &words("players=3 variant=ELBOW")).unwrap();
        assert_eq!(
            (g.number("players"), g.choice("variant")),
            (Some(3), Some("elbow-room"))
        );
        assert_eq!(
            parse(p, &words("players=5")).unwrap_err(),
            "'players=5': players is a whole number from 2 to 4: how many play (2 if not given)"
        );
        assert!(
            parse(p, &words("players=2 players=3"))
                .unwrap_err()
                .contains("given twice")
        );
        assert!(
            parse(p, &words("dice=6"))
                .unwrap_err()
                .contains("it takes players=, variant=")
        );
        assert!(
            parse(p, &words("four"))
                .unwrap_err()
                .contains("'four' is not understood")
        );
        let t = setup("trampo-land");
        let g = parse(t, &words("die=3 cast=10 columns=7,3,0,0")).unwrap();
        assert_eq!(g.numbers("columns"), Some(vec![7, 3, 0, 0]));
        assert_eq!(g.face("die"), Some(Rank::Three));
        assert!(
            parse(t, &words("columns=1,2"))
                .unwrap_err()
                .contains("4 whole numbers from 0 to 30")
        );
        assert!(
            parse(t, &words("cast=16"))
                .unwrap_err()
                .contains("from 0 to 15")
        );
        let c = setup("catwalk");
        let g = parse(c, &words("Sn C3 rolls=3,n")).unwrap();
        assert_eq!(
            (g.words.len(), g.faces("rolls").map(|v| v.len())),
            (2, Some(2))
        );
        assert!(
            parse(c, &words("rolls=7"))
                .unwrap_err()
                .contains("'7' is not a die result")
        );
    }

    #[test]
    fn help_and_completion_come_from_the_same_table() {
        let p = setup("penguins-night-out");
        assert_eq!(
            completions(p),
            vec!["players=", "variant=elbow-room", "layout=", "nests="]
        );
        let h = help(p);
        assert!(
            h.contains("players=2..4") && h.contains("variant=elbow-room"),
            "{h}"
        );
        for s in SETUPS {
            for line in help(s).lines() {
                assert!(line.chars().count() <= 60, "{}: {line}", s.id);
            }
        }
    }
}
