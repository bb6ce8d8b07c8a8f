//! The integration tests: one binary, so the crate is linked once for
//! all of them rather than once a file. Each module is a topic; the
//! property tests (`tests/props.rs`) stay a binary of their own, since
//! they move the process into a scratch directory.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod browser;
mod cdp;
mod cli;
mod deal_again;
mod dice;
mod drawn_ppn;
mod evening;
mod fujisan;
mod funhouse;
mod grading;
mod hidden;
mod hostile;
mod layouts;
mod live_coach;
mod luck;
mod mathrix;
mod one_table;
mod pad;
mod parallel_play;
mod people;
mod piece_gaps;
mod play_along;
mod ppn_read;
mod prob_corpus;
mod probes;
mod proxy;
mod readme;
mod records;
mod robustness;
mod roll_log;
mod rules;
mod saved_rolls;
mod schema3;
mod seat_views;
mod secret_rolls;
mod serve;
mod setups;
mod sheets;
mod slides_coach;
mod snapshots;
mod solve;
mod stats;
mod store;
mod systems;
mod table_dice;
mod tables;
mod time_bank;
mod workshop;
