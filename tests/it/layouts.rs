//! Every setup as a layout, written in every format: the SVG against a
//! golden file and parsed as XML (one element per piece), the PNG decoded,
//! the CSV and PPN read back to the same pieces, the JSON read back into
//! the layout model. After a deliberate change to the pictures, run
//! `UPDATE_SNAPSHOTS=1 cargo test --test layouts` and look at the diff.

use super::common;

use std::fs;
use std::path::{Path, PathBuf};

use tablemate::layout::{Kind, Layout, Placed};

/// The setups and the golden files they are checked against.
const SETUPS: &[(&str, &str)] = &[
    ("slide-jam", "--seed 1 setup slide-jam"),
    ("mirror", "--seed 1 setup magic-mirror"),
    ("catwalk", "--seed 1 setup catwalk"),
    ("barrels", "--seed 1 setup barrels"),
    ("whack", "--seed 1 setup whack-a-dummy"),
    ("trampo-land", "--seed 1 setup trampo-land"),
    ("lab-rats", "--seed 1 setup lab-rats"),
    ("troll", "--seed 1 setup troll"),
    ("slides", "--seed 1 setup slides-of-action players=3"),
    ("penguins", "--seed 1 setup penguins players=3"),
];

fn run(data: &Path, args: &str) -> common::Run {
    let mut argv = vec!["--color", "never"];
    argv.extend(args.split(' '));
    let r = common::run(data, &argv, None);
    assert_eq!(r.code, 0, "{args}: {}", r.err);
    r
}

/// The layout as `--json` reports it.
fn layout_of(args: &str) -> Layout {
    let data = tempfile::tempdir().unwrap();
    let out = run(data.path(), &format!("--json {args}")).out;
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    serde_json::from_value(v["data"]["layout"].clone()).expect("the JSON is the layout model")
}

/// Write the setup to a file of this extension; the file's path.
fn written(dir: &Path, args: &str, ext: &str) -> PathBuf {
    let stem: String = args
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    let file = dir.join(format!("{stem}.{ext}"));
    let data = tempfile::tempdir().unwrap();
    let r = run(data.path(), &format!("{args} --out {}", file.display()));
    assert!(r.out.contains("(written to "), "{}", r.out);
    file
}

fn pieces(l: &Layout) -> Vec<&Placed> {
    l.pieces.iter().filter(|p| p.kind != Kind::Marker).collect()
}

#[test]
fn svg_matches_golden_files_and_holds_one_element_per_piece() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in SETUPS {
        let layout = layout_of(args);
        let svg = fs::read_to_string(written(dir.path(), args, "svg")).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let groups = doc
            .descendants()
            .filter(|n| n.has_tag_name("g"))
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.starts_with("piece "))
            })
            .count();
        assert_eq!(groups, layout.pieces.len(), "{name}");
        let file = golden.join(format!("{name}.svg"));
        if update {
            fs::write(&file, &svg).unwrap();
        } else {
            assert_eq!(
                svg,
                fs::read_to_string(&file).unwrap_or_default(),
                "{name}: SVG changed"
            );
        }
    }
}

#[test]
fn png_decodes_to_the_pictures_size_and_is_not_blank() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in SETUPS {
        let svg = fs::read_to_string(written(dir.path(), args, "svg")).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let size = |a: &str| -> u32 { doc.root_element().attribute(a).unwrap().parse().unwrap() };
        let bytes = fs::read(written(dir.path(), args, "png")).unwrap();
        let png = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        // Twice the SVG's size: 96 pixels an inch.
        assert_eq!(
            (png.width(), png.height()),
            (2 * size("width"), 2 * size("height")),
            "{name}"
        );
        let first = png.pixels()[0];
        let differing = png.pixels().iter().filter(|p| **p != first).count();
        assert!(differing > png.pixels().len() / 10, "{name}: nearly blank");
    }
}

#[test]
fn csv_has_ppdf_columns_and_one_row_per_piece() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in SETUPS {
        let layout = layout_of(args);
        let csv = fs::read_to_string(written(dir.path(), args, "csv")).unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("piece_side,suit,rank,cfg,x,y,angle"));
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        let want = pieces(&layout);
        assert_eq!(rows.len(), want.len(), "{name}");
        for (row, p) in rows.iter().zip(&want) {
            assert_eq!(row.len(), 7, "{name}: {row:?}");
            assert_eq!(Some(row[0].to_string()), p.ppdf_piece_side(), "{name}");
            assert_eq!(
                row[1],
                p.ppdf_suit().map(|n| n.to_string()).unwrap_or_default()
            );
            assert_eq!(
                row[2],
                p.ppdf_rank().map(|n| n.to_string()).unwrap_or_default()
            );
            assert_eq!(row[4].parse::<f64>().unwrap(), p.x, "{name}");
            assert_eq!(row[5].parse::<f64>().unwrap(), p.y, "{name}");
        }
    }
}

/// A setup's PPN, read by the independent reader (`ppn_read`), puts on
/// the table exactly the setup's pieces, each place's stack in order,
/// every piece naming its suit; its header is ppn's: `GameType` with the
/// setup's arguments, `SetUp: None`.
#[test]
fn ppn_reads_back_to_the_same_pieces() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in SETUPS {
        let layout = layout_of(args);
        let text = fs::read_to_string(written(dir.path(), args, "ppn")).unwrap();
        let game = crate::ppn_read::read(&text);
        assert_eq!(game.positions.len(), 1, "{name}: the setup alone");
        let json = serde_json::to_value(&layout).unwrap();
        assert_eq!(
            game.positions[0],
            crate::ppn_read::expected_table(&json),
            "{name}"
        );
        for spec in &game.specs {
            assert!(crate::ppn_read::names_its_suit(spec), "{name}: {spec}");
        }
        let h = &game.header;
        assert_eq!(h["SetUp"].as_str(), Some("None"), "{name}: {text}");
        assert_eq!(
            h["GameType"]["Name"].as_str(),
            Some(layout.title.as_str()),
            "{name}"
        );
        let again = h["GameType"]["Tablemate"].as_str().unwrap();
        assert!(again.starts_with("setup "), "{name}: {again}");
        assert!(
            h.get("Title").is_none() && h.get("Setup").is_none(),
            "{name}"
        );
    }
}

#[test]
fn json_file_and_reply_are_the_layout_model() {
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in SETUPS {
        let layout = layout_of(args);
        let file: Layout =
            serde_json::from_str(&fs::read_to_string(written(dir.path(), args, "json")).unwrap())
                .unwrap();
        assert_eq!(file, layout, "{name}");
        assert!(!layout.pieces.is_empty(), "{name}");
        // The text file is the diagram the terminal shows.
        let data = tempfile::tempdir().unwrap();
        let shown = run(data.path(), args).out;
        let txt = fs::read_to_string(written(dir.path(), args, "txt")).unwrap();
        assert_eq!(txt, shown, "{name}");
    }
}

#[test]
fn out_refuses_unknown_formats_and_existing_files() {
    let dir = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let gif = dir.path().join("x.gif");
    let (_, err, code) = common::tm_in(
        data.path(),
        &["setup", "catwalk", "--out", gif.to_str().unwrap()],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "x.gif': the extension says what to write, one of .svg .png .ppn .csv .json .txt"
        ),
        "{err}"
    );
    assert!(!gif.exists());
    let svg = dir.path().join("x.svg");
    fs::write(&svg, "mine").unwrap();
    let (_, err, code) = common::tm_in(
        data.path(),
        &["setup", "catwalk", "--out", svg.to_str().unwrap()],
    );
    assert_eq!(code, 1);
    assert!(err.contains("exists: add --force to overwrite it"), "{err}");
    assert_eq!(fs::read_to_string(&svg).unwrap(), "mine");
    let (_, err, code) = common::tm_in(
        data.path(),
        &[
            "setup",
            "catwalk",
            "--out",
            svg.to_str().unwrap(),
            "--force",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let (_, err, code) = common::tm_in(data.path(), &["setup", "catwalk", "--force"]);
    assert_eq!(code, 2, "{err}");
    // A refused file changes nothing saved: no run kept a grid.
    common::tm_in(data.path(), &["funhouse", "new"]);
    common::tm_in(
        data.path(),
        &["setup", "barrels", "--out", gif.to_str().unwrap()],
    );
    let (out, _, _) = common::tm_in(data.path(), &["undo"]);
    assert!(out.starts_with("undid: funhouse new"), "{out}");
}

/// #48: every setup's picture (each golden SVG above is one, compared
/// with fresh output) says what it is to a screen reader.
#[test]
fn every_setup_picture_has_a_title_and_a_description() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            assert!(
                svg.contains(" role=\"img\">\n<title>"),
                "{}",
                path.display()
            );
            assert!(svg.contains("</title>\n<desc>"), "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 10, "{seen} pictures");
}
