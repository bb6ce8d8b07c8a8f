//! The program's own options (before or after the command) and the whole
//! command line as one clap definition, for shell completions and the
//! man page. The binary parses with `Cli`; the library generates from it.

use std::path::PathBuf;

use clap::{CommandFactory, Parser, ValueEnum};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

/// A companion for games with real pieces: dice, shuffles, decks, setups,
/// scores and rules for the piecepack, cards and dominoes.
#[derive(Parser, Debug)]
#[command(name = "tablemate", version, about, long_about = None, term_width = 60)]
pub struct Cli {
    /// Start the generator from this seed (same seed, same results)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// When to colour the output (NO_COLOR also turns it off)
    #[arg(
        long,
        visible_alias = "colour",
        value_enum,
        value_name = "WHEN",
        default_value = "auto"
    )]
    pub color: ColorWhen,

    /// Print one JSON object per command instead of text
    #[arg(long)]
    pub json: bool,

    /// Where history and saved state live
    #[arg(long, value_name = "DIR", env = "TABLEMATE_DATA")]
    pub data: Option<PathBuf>,

    /// Extra or overriding rule files (*.yaml)
    #[arg(long, value_name = "DIR", env = "TABLEMATE_RULES")]
    pub rules: Option<PathBuf>,

    /// A command to run once, then exit (without one: REPL or script)
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub command: Vec<String>,
}

/// The whole program for documentation: the global options and every
/// command, as a shell sees them (`tablemate [OPTIONS] COMMAND ...`).
pub fn program() -> clap::Command {
    let globals = Cli::command();
    let mut program = clap::Command::new("tablemate")
        .about(globals.get_about().cloned().unwrap_or_default())
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(false);
    for arg in globals.get_arguments().filter(|a| a.get_id() != "command") {
        program = program.arg(arg.clone());
    }
    for sub in crate::command::listed() {
        program = program.subcommand(sub);
    }
    program
}

/// A completion script for `shell`, written by clap_complete.
pub fn completions(shell: clap_complete::Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut program(), "tablemate", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The man page (roff), written by clap_mangen.
pub fn man_page() -> String {
    let mut out = Vec::new();
    clap_mangen::Man::new(program())
        .render(&mut out)
        .expect("writing to memory does not fail");
    String::from_utf8_lossy(&out).into_owned()
}
