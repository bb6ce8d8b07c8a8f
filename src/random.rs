//! The program's randomness beyond the dice: the seeded generator itself
//! is the dice engine's (`TableRng`), shared by every shuffle and deal;
//! here are a seed as JSON and a record file write it, and the words
//! taken from the operating system's generator (secrets, fresh seeds).

pub use tablemate_dice::random::TableRng;

/// A seed in a JSON reply: the number as it always was (`seed`) and the
/// same digits as text (`seed_text`), because JavaScript and every reader
/// that holds numbers as doubles get integers above 2^53 wrong. Put it in
/// a reply with `#[serde(flatten)]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonSeed(pub u64);

impl JsonSeed {
    /// The two fields, for replies built field by field.
    pub fn fields(self) -> [(&'static str, serde_json::Value); 2] {
        [
            ("seed", serde_json::Value::from(self.0)),
            ("seed_text", serde_json::Value::from(self.0.to_string())),
        ]
    }
}

impl serde::Serialize for JsonSeed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(2))?;
        for (key, value) in self.fields() {
            map.serialize_entry(key, &value)?;
        }
        map.end()
    }
}

/// A record file's seed: written as text (exact in every reader), read
/// as text or as a number (files written before).
pub mod seed_as_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seed)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Number(u64),
            Text(String),
        }
        match Either::deserialize(d)? {
            Either::Number(n) => Ok(n),
            Either::Text(t) => t.parse().map_err(|_| {
                serde::de::Error::custom(format!("`{t}` is not a seed (a whole number)"))
            }),
        }
    }
}

/// 128 bits from the operating system's generator, as 32 hex digits: a
/// seat's secret, the server's token, a secret roll's salt. Unlike
/// [`system_word`] it never falls back to the clock: a secret that could
/// be guessed is refused instead.
pub fn secret_hex() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A fresh UUID (version 4, RFC 9562) from the operating system's
/// generator: a play's name in every file it travels in.
pub fn uuid() -> String {
    let (a, b) = (system_word(), system_word());
    let a = (a & !0xf000) | 0x4000;
    let b = (b & !(0xc000 << 48)) | (0x8000 << 48);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

/// A word from the operating system's generator, which no seed repeats
/// (a fresh session seed, a sealed deal code): one system call. Where the
/// system cannot give one, the clock and the process id stand in.
pub fn system_word() -> u64 {
    getrandom::u64().unwrap_or_else(|_| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        now ^ u64::from(std::process::id()).rotate_left(32)
    })
}
