//! The piecepack die as a solid: which face is up, which faces north and
//! east, and how a tip changes them.
//!
//! Opposite faces sum to 5 (null-5, ace-4, 2-3), the common numbering. That
//! still leaves two mirror-image dice, and which one a player holds changes
//! what a tumbling die can reach (Roll Out the Barrels), so handedness is a
//! setting. We call a die right-handed when, with null up and ace facing
//! you, the 2 is on your right; on a left-handed die the 3 is there.

use crate::games::error::GameError;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::compass::Dir;

/// A face value: null 0, ace 1, then 2 to 5.
pub type Face = u8;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Hand {
    /// Null up, ace facing you: 2 on the right.
    #[default]
    Right,
    /// Null up, ace facing you: 3 on the right.
    Left,
}

impl Hand {
    pub const ALL: [Hand; 2] = [Hand::Right, Hand::Left];

    pub fn name(self) -> &'static str {
        match self {
            Hand::Right => "right",
            Hand::Left => "left",
        }
    }

    pub fn other(self) -> Hand {
        match self {
            Hand::Right => Hand::Left,
            Hand::Left => Hand::Right,
        }
    }

    /// The one-line way to tell which die you hold.
    pub fn how_to_tell(self) -> String {
        format!(
            "with null up and ace facing you, the {} is on the right",
            self.right_of_ace()
        )
    }

    /// The face to the right of ace when null is up and ace faces you.
    pub fn right_of_ace(self) -> Face {
        match self {
            Hand::Right => 2,
            Hand::Left => 3,
        }
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Hand {
    type Err = GameError;
    fn from_str(s: &str) -> Result<Hand, GameError> {
        match s.to_ascii_lowercase().as_str() {
            "right" | "r" | "right-handed" => Ok(Hand::Right),
            "left" | "l" | "left-handed" => Ok(Hand::Left),
            _ => Err(format!(
                "'{s}' is not a die handedness: expected right (null up, ace facing you, 2 on the right) or left (3 on the right)"
            ).into()),
        }
    }
}

/// Where a face points in the die's own frame, as a unit vector; the
/// opposite face points the other way. The handedness flips the 2-3 axis.
fn axis(face: Face, hand: Hand) -> [i8; 3] {
    let sign = if hand == Hand::Right { 1 } else { -1 };
    match face {
        0 => [0, 0, 1],
        5 => [0, 0, -1],
        1 => [0, -1, 0],
        4 => [0, 1, 0],
        2 => [sign, 0, 0],
        _ => [-sign, 0, 0],
    }
}

fn face_of(v: [i8; 3], hand: Hand) -> Face {
    (0..6)
        .find(|&f| axis(f, hand) == v)
        .expect("a cross product of two face axes is a face axis")
}

fn cross(a: [i8; 3], b: [i8; 3]) -> [i8; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A die lying on the table: the face up and the face toward north; the
/// rest follows from those two and the handedness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Die {
    #[serde(serialize_with = "face_as_name")]
    pub top: Face,
    #[serde(serialize_with = "face_as_name")]
    pub north: Face,
    #[serde(skip)]
    pub hand: Hand,
}

impl Die {
    /// None when `north` is `top` or its opposite.
    pub fn new(top: Face, north: Face, hand: Hand) -> Option<Die> {
        (top < 6 && north < 6 && north != top && north != 5 - top).then_some(Die {
            top,
            north,
            hand,
        })
    }

    /// The 24 ways the die can lie.
    pub fn all(hand: Hand) -> impl Iterator<Item = Die> {
        (0..6).flat_map(move |t| (0..6).filter_map(move |n| Die::new(t, n, hand)))
    }

    pub fn bottom(self) -> Face {
        5 - self.top
    }

    pub fn south(self) -> Face {
        5 - self.north
    }

    /// The face toward east: seen from above with north ahead, the frame
    /// (east, north, up) is right-handed, so east = north x up.
    pub fn east(self) -> Face {
        face_of(
            cross(axis(self.north, self.hand), axis(self.top, self.hand)),
            self.hand,
        )
    }

    pub fn west(self) -> Face {
        5 - self.east()
    }

    /// Tip the die over its edge toward `dir`.
    pub fn tip(self, dir: Dir) -> Die {
        let (top, north) = match dir {
            // Tipping north, the top rolls onto the north side and the
            // south face comes up; the east and west faces stay put.
            Dir::N => (self.south(), self.top),
            Dir::S => (self.north, self.bottom()),
            Dir::E => (self.west(), self.north),
            Dir::W => (self.east(), self.north),
        };
        Die {
            top,
            north,
            hand: self.hand,
        }
    }

    /// A small picture-free description: `top 3, north 4, east 5`.
    pub fn describe(self) -> String {
        format!(
            "top {}, north {}, east {}",
            name(self.top),
            name(self.north),
            name(self.east())
        )
    }
}

/// Faces serialise as the player types them (`n`, `a`, `2`..).
fn face_as_name<S: serde::Serializer>(f: &Face, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(name(*f))
}

/// A face as the player reads it: n, a, 2..5.
pub fn name(f: Face) -> &'static str {
    ["n", "a", "2", "3", "4", "5"][f as usize % 6]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_and_left_dice_differ_only_in_the_2_3_axis() {
        // Null up, ace facing you (south): north is 4.
        let r = Die::new(0, 4, Hand::Right).unwrap();
        let l = Die::new(0, 4, Hand::Left).unwrap();
        assert_eq!(r.east(), 2);
        assert_eq!(l.east(), 3);
        assert_eq!(Die::all(Hand::Right).count(), 24);
    }

    #[test]
    fn tips_keep_opposites_and_undo() {
        for hand in Hand::ALL {
            for d in Die::all(hand) {
                for dir in Dir::CLOCKWISE {
                    let t = d.tip(dir);
                    assert!(Die::new(t.top, t.north, hand).is_some());
                    // Tipping back restores the die.
                    let back = match dir {
                        Dir::N => Dir::S,
                        Dir::S => Dir::N,
                        Dir::E => Dir::W,
                        Dir::W => Dir::E,
                    };
                    assert_eq!(t.tip(back), d);
                }
                // Four tips one way bring it round.
                let mut e = d;
                for _ in 0..4 {
                    e = e.tip(Dir::E);
                }
                assert_eq!(e, d);
            }
        }
    }

    #[test]
    fn a_tip_worked_by_hand() {
        // Right-handed, null up, 4 north (ace toward you), 2 east. Tip east:
        // the west face (3) comes up, null goes east, north stays 4.
        let d = Die::new(0, 4, Hand::Right).unwrap();
        let e = d.tip(Dir::E);
        assert_eq!((e.top, e.north, e.east()), (3, 4, 0));
        // Tip north from the start: the south face (ace) comes up, null
        // faces north.
        let n = d.tip(Dir::N);
        assert_eq!((n.top, n.north), (1, 0));
    }

    #[test]
    fn handedness_parses_and_explains() {
        assert_eq!("LEFT".parse::<Hand>().unwrap(), Hand::Left);
        let e = "up".parse::<Hand>().unwrap_err();
        assert!(
            e.to_string().starts_with("'up' is not a die handedness"),
            "{e}"
        );
        assert_eq!(
            Hand::Right.how_to_tell(),
            "with null up and ace facing you, the 2 is on the right"
        );
    }
}
