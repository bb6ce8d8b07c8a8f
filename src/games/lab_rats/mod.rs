//! Lab Rats (Aaron Oakley): a maze of face-down tiles laid by die rolls,
//! and a rat that leaves it by the coins of three stacks.
//!
//! The folder: `maze` lays the maze; `play` the game in play and its
//! rules; `events` what happens; `solve` the search for a way out; `show`
//! the replies; `layout` and `diagram` the pictures; `wing` plugs it into
//! tablemate.

mod diagram;
mod events;
mod grade;
mod layout;
mod maze;
mod play;
mod show;
mod solve;
mod square;
mod wing;

pub use events::Event;
pub use layout::{game_layout, maze_layout};
pub use maze::{Maze, MazeTile, Placement, TILES, build};
pub use play::{RatsGame, Used};
pub use solve::{RatsSolution, Step, solve};
pub use square::{Square, square_name};
pub use wing::{LabRats, RatsAction};
