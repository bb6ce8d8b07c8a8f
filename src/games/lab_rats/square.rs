//! Squares of the maze: x east, y north.

pub type Square = (i32, i32);

pub fn square_name((x, y): Square) -> String {
    format!("{x},{y}")
}
