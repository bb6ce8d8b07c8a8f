//! What a seat may do, and the one thread that does it. The server owns
//! no game logic: a seat's action goes to a `Desk` (the app's, which runs
//! it through the same commands and the same store door as the terminal)
//! on a thread of its own, since the app's session is not shared between
//! threads, and the answer comes back to the request that asked.

use serde::Serialize;
use tokio::sync::oneshot;

/// An action a player's phone may take, as its seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatAct {
    /// Roll dice (`roll EXPR as NAME`); an empty expression rolls the
    /// seat's last roll again.
    Roll { expr: String },
    /// Enter the seat's score on the pad (`pad NAME N`), as typed.
    Pad { score: String },
    /// Pass the turn, when it is the seat's (`turn`).
    Turn,
    /// Undo the seat's own last change, if it is the newest.
    Undo,
    /// A move in the table's game in play, in the game's own words (the
    /// command line the terminal would take), taken only when it is the
    /// seat's to make.
    Move { line: String },
}

/// What a seat's phone is shown besides the table: its name and its
/// secret rolls not yet revealed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SeatLook {
    pub name: String,
    /// The seat's own secret rolls not yet revealed, as rolled.
    pub secret: Vec<String>,
}

/// How the table answered a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Whether the action was taken.
    pub ok: bool,
    /// The reply as the terminal would print it, or the error.
    pub said: String,
    /// Not taken yet, and no mistake: the table asks for more (the faces
    /// of the extra dice a roll of the table's dice needs).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub asks: bool,
}

/// Runs seats' actions, on its own thread.
pub trait Desk {
    fn act(&mut self, seat: &str, act: &SeatAct) -> Answer;
    fn look(&mut self, seat: &str) -> SeatLook;
}

/// Makes the desk on the thread that will use it.
pub type DeskMaker = Box<dyn FnOnce() -> Box<dyn Desk> + Send>;

/// A job for the desk thread.
pub enum Job {
    Act {
        seat: String,
        act: SeatAct,
        answer: oneshot::Sender<Answer>,
    },
    Look {
        seat: String,
        answer: oneshot::Sender<SeatLook>,
    },
}

/// The desk's thread: jobs in order until every sender is gone. `done`
/// is called after each action, so the screens look at once.
pub fn run(make: DeskMaker, jobs: std::sync::mpsc::Receiver<Job>, done: impl Fn()) {
    let mut desk = make();
    for job in jobs {
        match job {
            Job::Act { seat, act, answer } => {
                let said = desk.act(&seat, &act);
                done();
                let _ = answer.send(said);
            }
            Job::Look { seat, answer } => {
                let _ = answer.send(desk.look(&seat));
            }
        }
    }
}
