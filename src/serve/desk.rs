//! What a seat may do, and the threads that do it. The server owns no
//! game logic: a seat's action goes to a `Desk` (the app's, which runs it
//! through the same commands and the same store door as the terminal) on
//! a thread of the seat's own, since the app's session is not shared
//! between threads, and the answer comes back to the request that asked.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::thread::JoinHandle;

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

/// Makes a desk on the thread that will use it (one for each seat).
pub type DeskMaker = Arc<dyn Fn() -> Box<dyn Desk> + Send + Sync>;

/// A job for a seat's desk.
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

impl Job {
    fn seat(&self) -> &str {
        match self {
            Job::Act { seat, .. } | Job::Look { seat, .. } => seat,
        }
    }
}

/// Hands each job to its seat's own desk, a thread of its own that takes
/// that seat's jobs in order, until every sender is gone. A seat's long
/// roll (`1000x1000d1000`, half a second) keeps only that seat waiting
/// (#77: with one desk for all, another seat's `1d6` waited 269 ms
/// behind two of them). The desks share nothing but the store, whose one
/// door takes them in turn as it takes terminals in other processes.
/// `done` is called after each action, so the screens look at once.
pub fn run(make: DeskMaker, jobs: Receiver<Job>, done: impl Fn() + Clone + Send + 'static) {
    let mut desks: HashMap<String, (Sender<Job>, JoinHandle<()>)> = HashMap::new();
    for job in jobs {
        let (desk, _) = desks.entry(job.seat().to_string()).or_insert_with(|| {
            let (tx, rx) = std::sync::mpsc::channel();
            let (make, done) = (Arc::clone(&make), done.clone());
            (tx, std::thread::spawn(move || work(&*make, rx, done)))
        });
        // A desk that panicked is gone: its job's answer is dropped, and
        // the phone is told the table is not answering.
        let _ = desk.send(job);
    }
    for (desk, thread) in desks.into_values() {
        drop(desk);
        let _ = thread.join();
    }
}

/// One seat's desk: its jobs in order.
fn work(make: &dyn Fn() -> Box<dyn Desk>, jobs: Receiver<Job>, done: impl Fn()) {
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
