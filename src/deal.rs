//! Deal codes. Every random setup, shuffle and new deck is dealt from a
//! generator of its own, started from a short code that the session's
//! generator draws. The code alone gives the same deal again on any
//! machine, whatever ran before it (`setup slide-jam deal=K7Q2MX`); the
//! session seed still replays a whole session.

use std::fmt;
use std::str::FromStr;

use crate::random::TableRng;

/// Letters and digits a code is written in: Crockford's base 32, which
/// leaves out I, L, O and U so that a code read aloud is not misheard.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Six characters: 30 bits, about a billion deals.
const LENGTH: usize = 6;
const BITS: u32 = 5 * LENGTH as u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealCode(u32);

impl DealCode {
    /// A fresh code from the session's generator.
    pub fn draw(rng: &mut TableRng) -> DealCode {
        DealCode((rng.next_u64() >> (64 - BITS)) as u32)
    }

    /// A fresh code from the system's generator, which no seed repeats:
    /// for a deal whose code is sealed.
    pub fn from_system() -> DealCode {
        DealCode((crate::random::system_word() >> (64 - BITS)) as u32)
    }

    /// The day's deal of `game` (`setup slide-jam daily`): the same code
    /// for everyone on the same date (`YYYY-MM-DD`, UTC), on any machine,
    /// from SHA-256 of the game and the date (so no one can pick it, and
    /// each game's daily deal is its own).
    pub fn daily(game: &str, date: &str) -> DealCode {
        use sha2::Digest;
        let hash = sha2::Sha256::digest(format!("tablemate daily deal\0{game}\0{date}").as_bytes());
        let word = u32::from_be_bytes([hash[0], hash[1], hash[2], hash[3]]);
        DealCode(word >> (32 - BITS))
    }

    /// The generator this code deals from. Kept apart from session seeds
    /// (a seed of 5 and a code worth 5 deal differently).
    pub fn generator(self) -> TableRng {
        TableRng::new(0xdea1_c0de_0000_0000 ^ u64::from(self.0))
    }
}

impl fmt::Display for DealCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in (0..LENGTH).rev() {
            let digit = (self.0 >> (5 * i)) & 31;
            write!(f, "{}", ALPHABET[digit as usize] as char)?;
        }
        Ok(())
    }
}

/// A `deal=` that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("'{0}' is not a deal code: six letters and digits, as tablemate printed it")]
    NotACode(String),
    #[error("deal= is given twice")]
    Twice,
}

impl FromStr for DealCode {
    type Err = DealError;

    /// Case does not matter, and the letters a reader may take for digits
    /// (I and L for 1, O for 0) are read as those digits.
    fn from_str(s: &str) -> Result<DealCode, DealError> {
        let bad = || DealError::NotACode(s.to_string());
        if s.chars().count() != LENGTH {
            return Err(bad());
        }
        let mut value = 0u32;
        for c in s.chars() {
            let c = match c.to_ascii_uppercase() {
                'I' | 'L' => '1',
                'O' => '0',
                other => other,
            };
            let digit = ALPHABET
                .iter()
                .position(|&a| a as char == c)
                .ok_or_else(bad)?;
            value = value << 5 | digit as u32;
        }
        Ok(DealCode(value))
    }
}

/// A command's words without its `deal=CODE`, and the code if given.
pub fn split(words: &[String]) -> Result<(Option<DealCode>, Vec<String>), DealError> {
    let mut code = None;
    let mut rest = Vec::with_capacity(words.len());
    for w in words {
        match w.split_once('=') {
            Some((k, v)) if k.eq_ignore_ascii_case("deal") => {
                if code.is_some() {
                    return Err(DealError::Twice);
                }
                code = Some(v.parse()?);
            }
            _ => rest.push(w.clone()),
        }
    }
    Ok((code, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked out apart from this code (Python's hashlib), as a second machine would.
    const DAILY_SLIDE_JAM_2026_11_27: &str = "GBHPKQ";

    /// The day's code depends on the game and the date alone; these
    /// values pin it, so two machines (and two releases) agree.
    #[test]
    fn the_daily_deal_is_the_same_everywhere() {
        let a = DealCode::daily("slide-jam", "2026-11-27");
        assert_eq!(a, DealCode::daily("slide-jam", "2026-11-27"));
        assert_ne!(a, DealCode::daily("slide-jam", "2026-11-28"));
        assert_ne!(a, DealCode::daily("magic-mirror", "2026-11-27"));
        assert_eq!(a.to_string(), DAILY_SLIDE_JAM_2026_11_27);
    }

    #[test]
    fn codes_read_back_as_written() {
        let mut rng = TableRng::new(1);
        for _ in 0..1000 {
            let c = DealCode::draw(&mut rng);
            let text = c.to_string();
            assert_eq!(text.len(), 6);
            assert_eq!(text.parse::<DealCode>(), Ok(c));
            assert_eq!(text.to_lowercase().parse::<DealCode>(), Ok(c));
        }
        assert_eq!("0O1IL0".parse::<DealCode>(), "001110".parse::<DealCode>());
        assert_eq!(
            "K7Q2".parse::<DealCode>().unwrap_err().to_string(),
            "'K7Q2' is not a deal code: six letters and digits, as tablemate printed it"
        );
        assert!("K7Q2MU".parse::<DealCode>().is_err(), "U is not used");
    }

    #[test]
    fn the_code_alone_makes_the_deal() {
        let code: DealCode = "K7Q2MX".parse().unwrap();
        let mut a = code.generator();
        let mut b = code.generator();
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(
            DealCode(5).generator().next_u64(),
            TableRng::new(5).next_u64()
        );
    }
}
