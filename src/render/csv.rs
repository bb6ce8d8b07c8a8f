//! ppdf's data frame as CSV: `piece_side,suit,rank,cfg,x,y,angle`, one row
//! a piece (markers are not pieces), piecepackr's integers for suit and
//! rank, empty where a piece has none. R reads it with `read.csv` and
//! piecepackr draws it with `pmap_piece`.

use super::num;
use crate::layout::Layout;

pub fn csv(layout: &Layout) -> String {
    let mut out = String::from("piece_side,suit,rank,cfg,x,y,angle\n");
    for p in &layout.pieces {
        let Some(side) = p.ppdf_piece_side() else {
            continue;
        };
        let int = |v: Option<u32>| v.map(|n| n.to_string()).unwrap_or_default();
        out.push_str(&format!(
            "{side},{},{},{},{},{},{}\n",
            int(p.ppdf_suit()),
            int(p.ppdf_rank()),
            p.ppdf_cfg(),
            num(p.x),
            num(p.y),
            num(p.angle)
        ));
    }
    out
}
