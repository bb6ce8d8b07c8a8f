//! Piece Gaps (Chris Brooks, 2004; GFDL 1.2 or later, dual-licensed CC
//! BY-SA 4.0): the card patience Gaps for the piecepack's tiles. Twenty
//! tiles and four gaps in four rows of six, each gap filled by the tile
//! one higher in the suit left of it, until each row runs ace to five.
//! A solitaire, solved exactly.

mod diagram;
pub mod grade;
pub mod plain;
pub mod play;
pub mod ppn;
mod show;
pub mod solve;
pub mod tableau;
mod wing;

pub use wing::PieceGaps;
