//! The `key=value` settings each game's setup takes, declared once (key,
//! type with its range, help, completion values) and read by one parser,
//! so `setup GAME --help`, Tab completion and the error for a bad value
//! all come from the same table.

use super::GameError;
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
    /// Free text, read by the game.
    Text(&'static str),
    /// Text given inline when it holds the character, else the name of a
    /// file holding it (read by the caller, never by a game).
    TextOrFile(&'static str, char),
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
            Type::Text(shape) | Type::TextOrFile(shape, _) => shape.into(),
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

/// What one game's `setup` (or `solve`) takes.
#[derive(Debug, Clone, Copy)]
pub struct Declared {
    /// The game's id, as `rules` and the layouts name it.
    pub id: &'static str,
    /// What loose words (not `key=value`) mean; `None`: it takes none.
    pub words: Option<&'static str>,
    pub args: &'static [Arg],
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
    /// A file to read for the text (see `Type::TextOrFile`).
    File(String),
}

/// What the player gave: loose words and checked settings.
#[derive(Debug, Clone, Default)]
pub struct Given {
    pub words: Vec<String>,
    values: Vec<(&'static str, Value)>,
    /// The settings whose text was read from a file: their errors name a
    /// line and word rather than quote the file.
    read: Vec<&'static str>,
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

    /// Each setting that names a file to read, with the file's name.
    pub fn files(&self) -> Vec<(&'static str, &str)> {
        self.values
            .iter()
            .filter_map(|(k, v)| match v {
                Value::File(f) => Some((*k, f.as_str())),
                _ => None,
            })
            .collect()
    }

    /// The setting's value becomes the text read from its file.
    pub fn read_file(&mut self, key: &str, text: String) {
        if let Some((k, v)) = self.values.iter_mut().find(|(k, _)| *k == key) {
            *v = Value::Text(text);
            self.read.push(k);
        }
    }

    /// Whether the setting's text came from a file.
    pub fn from_file(&self, key: &str) -> bool {
        self.read.contains(&key)
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
fn value(arg: &Arg, word: &str, v: &str) -> Result<Value, GameError> {
    let takes =
        |what: String| GameError::word(format!("'{word}': {} is {what}: {}", arg.key, arg.help));
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
            .ok_or_else(
                || match crate::suggest::nearest(v, words.iter().copied()).first() {
                    Some(near) => GameError::word(format!(
                        "'{word}': did you mean {}={near}? {} is one of {}",
                        arg.key,
                        arg.key,
                        words.join(", ")
                    )),
                    None => takes(format!("one of {}", words.join(", "))),
                },
            ),
        Type::Face => v
            .parse::<Rank>()
            .map(Value::Face)
            .map_err(|_| takes("a die face: n, a, 2, 3, 4 or 5".into())),
        Type::Faces => super::die_rolls::parse_rolls(v).map(Value::Faces),
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
                    .map_err(|e| GameError::word(format!("'{word}': {e}")))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Suits),
        Type::Card => v
            .parse::<crate::pieces::Card>()
            .map(Value::Card)
            .map_err(|e| GameError::word(format!("'{word}': {e}"))),
        Type::Text(_) => Ok(Value::Text(v.to_string())),
        Type::TextOrFile(_, inline) if v.contains(inline) => Ok(Value::Text(v.to_string())),
        Type::TextOrFile(..) => Ok(Value::File(v.to_string())),
        Type::Words(words) => v
            .split(',')
            .map(|s| {
                words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(s.trim()))
                    .copied()
                    .ok_or_else(|| {
                        GameError::word(format!(
                            "'{word}': '{}' is not one of {}",
                            s.trim(),
                            words.join(", ")
                        ))
                    })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Words),
    }
}

/// Read a setup's input: `key=value` words against the game's table, the
/// rest as loose words (refused when the game takes none).
pub fn parse(setup: &Declared, input: &[String]) -> Result<Given, GameError> {
    parse_for("setup", setup, input)
}

/// `parse` for a command other than `setup` (its errors name `verb`).
pub fn parse_for(verb: &str, setup: &Declared, input: &[String]) -> Result<Given, GameError> {
    let mut given = Given::default();
    for word in input {
        let Some((k, v)) = word.split_once('=') else {
            if setup.words.is_none() {
                return Err(GameError::word(format!(
                    "'{word}' is not understood: {verb} {} takes {}",
                    setup.id,
                    takes(setup)
                )));
            }
            given.words.push(word.clone());
            continue;
        };
        let arg = setup
            .args
            .iter()
            .find(|a| a.key.eq_ignore_ascii_case(k))
            .ok_or_else(|| {
                GameError::word(format!(
                    "'{word}' is not a setting of {verb} {}: it takes {}",
                    setup.id,
                    takes(setup)
                ))
            })?;
        if given.get(arg.key).is_some() {
            return Err(GameError::word(format!("{}= is given twice", arg.key)));
        }
        given.values.push((arg.key, value(arg, word, v)?));
    }
    Ok(given)
}

/// What a setup takes, in a few words.
fn takes(setup: &Declared) -> String {
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
pub fn help(setup: &Declared) -> String {
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
    out.push_str("\ndeal=CODE deals the same again (each setup prints its");
    out.push_str("\n  code, with the line that repeats it).");
    out.push_str("\n--out FILE also writes the layout to a file:");
    out.push_str("\n  .svg .png .ppn .csv .json or .txt");
    out
}

/// Tab completions for a setup's settings: `key=`, or `key=word` for a
/// choice.
pub fn completions(setup: &Declared) -> Vec<String> {
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

/// A game command's `words` argument: none or more words, read as typed
/// (a leading `-` included: the command names what is wrong with one).
pub fn words_arg(help: &'static str) -> clap::Arg {
    clap::Arg::new("words")
        .value_name("WORDS")
        .num_args(0..)
        .trailing_var_arg(true)
        .allow_hyphen_values(true)
        .help(help)
}

/// A game command's words (its `words` argument), as typed.
pub fn words(m: &clap::ArgMatches) -> Vec<String> {
    m.get_many::<String>("words")
        .map(|v| v.cloned().collect())
        .unwrap_or_default()
}
