//! #62 item 5: plays through BG Stats' file and the plays CSV and back
//! keep every field those files hold; a damaged file is refused naming
//! the place, never a panic.

use proptest::prelude::*;

use super::{Play, bgstats, csv};

/// Names a play may have, distinct however they are written (a file
/// keeps one spelling per person), with the characters CSV must quote.
const PEOPLE: [&str; 6] = ["Ann", "Ben", "Zoë", "Li Wei", "O'Neil, Jr.", "\"Bo\""];
const GAMES: [&str; 4] = ["hearts", "Ra", "Crib, bage", "Ticket \"to\" Ride"];

fn play() -> impl Strategy<Value = Play> {
    (
        0..GAMES.len(),
        (2000u32..2100, 1u32..13, 1u32..29),
        proptest::sample::subsequence(PEOPLE.to_vec(), 1..=5).prop_shuffle(),
        proptest::collection::vec(proptest::option::of(-999i64..999), 5),
        proptest::collection::vec(any::<bool>(), 5),
        proptest::option::of(1u64..600),
        proptest::option::of("[A-Za-z ,\"]{1,12}"),
        "[0-9a-f-]{8,36}",
    )
        .prop_map(|(g, (y, m, d), people, scores, won, minutes, place, id)| {
            let n = people.len();
            let mut p = Play::new(
                GAMES[g],
                &format!("{y:04}-{m:02}-{d:02}"),
                people.iter().map(|s| s.to_string()).collect(),
                scores[..n].to_vec(),
                (0..n).filter(|&i| won[i]).collect(),
            );
            // What a file keeps per game, the same in every play of it.
            p.lower = g == 0;
            p.coop = g == 3;
            p.minutes = minutes;
            p.place = place
                .filter(|s| !s.trim().is_empty())
                .map(|s| s.trim().to_string());
            p.source = Some(id);
            p
        })
}

/// BG Stats' file lists each place once, as it was first written: `A`
/// and `a` are one place there, as `Ann` and `ann` are one person.
fn one_spelling_a_place(mut plays: Vec<Play>) -> Vec<Play> {
    let mut seen: Vec<String> = Vec::new();
    for p in &mut plays {
        if let Some(place) = &mut p.place {
            let folded = crate::people::folded(place);
            match seen.iter().find(|s| crate::people::folded(s) == folded) {
                Some(first) => *place = first.clone(),
                None => seen.push(place.clone()),
            }
        }
    }
    plays
}

fn same_name(s: &str) -> String {
    s.to_string()
}

fn no_uuid() -> String {
    unreachable!("every play here has its id")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn plays_go_through_bg_stats_and_back(plays in proptest::collection::vec(play(), 0..12)) {
        let file = bgstats::write(&plays, same_name, no_uuid);
        let back = bgstats::read(&file, same_name).unwrap();
        prop_assert_eq!(back, one_spelling_a_place(plays));
    }

    #[test]
    fn plays_go_through_the_csv_and_back(plays in proptest::collection::vec(play(), 0..12)) {
        let file = csv::write(&plays, same_name, no_uuid);
        let back = csv::read(&file, same_name).unwrap();
        prop_assert_eq!(back, plays);
    }

    /// Any text, and any damage to a sound file (a cut, a byte changed),
    /// is read or refused: never a panic.
    #[test]
    fn a_damaged_file_is_refused_not_a_panic(
        plays in proptest::collection::vec(play(), 1..4),
        cut in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        noise in ".{0,200}",
    ) {
        for file in [
            bgstats::write(&plays, same_name, no_uuid),
            csv::write(&plays, same_name, no_uuid),
        ] {
            let mut bytes = file.into_bytes();
            let i = at.index(bytes.len());
            bytes[i] = byte;
            bytes.truncate(cut.index(bytes.len()) + 1);
            let text = String::from_utf8_lossy(&bytes);
            let _ = bgstats::read(&text, same_name);
            let _ = csv::read(&text, same_name);
        }
        let _ = bgstats::read(&noise, same_name);
        let _ = csv::read(&noise, same_name);
    }
}

/// Refusals name the place: the play, the player, the line and column.
#[test]
fn a_refusal_names_the_place() {
    let bad = r#"{"players":[{"id":1,"name":"Ann"}],"games":[{"id":1,"name":"Hearts"}],
        "plays":[{"uuid":"a","gameRefId":1,"playDate":"2026-11-28 20:00:00",
                  "playerScores":[{"playerRefId":1,"score":"7"},{"playerRefId":9,"score":"x"}]}]}"#;
    assert_eq!(
        bgstats::read(bad, same_name).unwrap_err().to_string(),
        "plays[0].playerScores[1].playerRefId: no player 9 in the file"
    );
    let fraction = bad
        .replace("\"playerRefId\":9", "\"playerRefId\":1")
        .replace("\"x\"", "\"7.5\"");
    assert_eq!(
        bgstats::read(&fraction, same_name).unwrap_err().to_string(),
        "plays[0].playerScores[1].score: '7.5' is not a whole number"
    );
    assert_eq!(
        bgstats::read("{\"games\": []}", same_name)
            .unwrap_err()
            .to_string(),
        "the file: has no 'plays': not a BG Stats export"
    );
    assert_eq!(
        csv::read(
            "date,game,name,score\n2026-11-28,hearts,Ann,7\n2026-11-28,hearts,Ben,seven\n",
            same_name
        )
        .unwrap_err()
        .to_string(),
        "line 3, score: 'seven' is not a whole number"
    );
    assert_eq!(
        csv::read("date,name\n", same_name).unwrap_err().to_string(),
        "line 1: no 'game' column (a plays CSV has play_id,date,game,location,length,name,startposition,score,win,cooperative,lowest_wins)"
    );
}

/// A BG Stats play as the app writes it: the start player (here the
/// second listed) sits first; seats in seat order; the location, the
/// length and a lowest-wins game are kept; an ignored play is not.
#[test]
fn a_bg_stats_play_reads_as_the_table_played_it() {
    let file = r#"{"userInfo":{"meRefId":1},
      "players":[{"id":1,"name":"Ann","uuid":"p1"},{"id":2,"name":"Ben"},{"id":3,"name":"Cat"}],
      "locations":[{"id":4,"name":"Home"}],
      "games":[{"id":7,"name":"Golf","highestWins":false,"cooperative":false}],
      "plays":[
        {"uuid":"u-1","gameRefId":7,"locationRefId":4,"playDate":"2026-11-27 19:30:00","durationMin":40,
         "playerScores":[
           {"playerRefId":1,"score":"31","winner":false,"startPlayer":false,"seatOrder":0},
           {"playerRefId":2,"score":"22","winner":true,"startPlayer":true,"seatOrder":1},
           {"playerRefId":3,"score":"40","winner":false,"startPlayer":false,"seatOrder":2}]},
        {"uuid":"u-2","gameRefId":7,"playDate":"2026-11-27 21:00:00","ignored":true,
         "playerScores":[{"playerRefId":1,"score":"1"}]}]}"#;
    let plays = bgstats::read(file, same_name).unwrap();
    let mut want = Play::new(
        "Golf",
        "2026-11-27",
        vec!["Ben".into(), "Cat".into(), "Ann".into()],
        vec![Some(22), Some(40), Some(31)],
        vec![0],
    );
    want.lower = true;
    want.minutes = Some(40);
    want.place = Some("Home".into());
    want.source = Some("u-1".into());
    assert_eq!(plays, vec![want]);
}
