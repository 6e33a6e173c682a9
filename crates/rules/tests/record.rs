//! The ShotRecord built from physics events, event by event or whole.

use biljardi_physics::{
    BALL_RADIUS_M, BallFate, BallId, Event, EventKind, FinalBall, Kinematics, PocketId, RailId, Table,
};
use biljardi_rules::{BallWhere, RecordBuilder, ShotRecord};
use std::collections::BTreeMap;

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

fn ev(t: f64, kind: EventKind) -> Event {
    Event { t, kind, state: BTreeMap::new() }
}

fn before() -> Vec<(BallId, [f64; 2])> {
    vec![(BallId::CUE, [-0.9, 0.0]), (b(1), [0.6, 0.0]), (b(2), [0.8, 0.2]), (b(3), [-0.8, 0.4])]
}

#[test]
fn first_contact_rails_and_pockets_in_order() {
    let t = Table::default();
    let events = vec![
        ev(0.0, EventKind::Strike { ball: BallId::CUE }),
        ev(0.1, EventKind::Cushion { ball: BallId::CUE, rail: RailId::LeftHead }),
        ev(0.4, EventKind::BallBall { balls: [BallId::CUE, b(2)] }),
        ev(0.5, EventKind::BallBall { balls: [b(2), b(1)] }),
        ev(0.9, EventKind::Pocket { ball: b(1), pocket: PocketId::FootLeft }),
        ev(1.0, EventKind::Cushion { ball: b(2), rail: RailId::Foot }),
        ev(1.2, EventKind::Pocket { ball: b(2), pocket: PocketId::FootRight }),
    ];
    let r = ShotRecord::from_events(&t, &before(), &events, &[]);
    assert_eq!(r.first_contact, Some(b(2)));
    assert!(!r.rail_after_contact.contains(BallId::CUE), "the cue ball's rail came before contact");
    assert!(r.rail_after_contact.contains(b(1)) && r.rail_after_contact.contains(b(2)));
    assert_eq!(r.pocketed, vec![(b(1), PocketId::FootLeft), (b(2), PocketId::FootRight)]);
    assert_eq!(r.after(b(1)), BallWhere::Pocketed(PocketId::FootLeft));
    assert_eq!(r.after(b(3)), BallWhere::OnTable([-0.8, 0.4]));
    // These events carry no positions, so nothing shows the cue ball crossing the head string.
    assert!(!r.cue_crossed_head_string);
}

#[test]
fn simultaneous_first_contacts_are_all_recorded() {
    let t = Table::default();
    let events = vec![
        ev(0.0, EventKind::Strike { ball: BallId::CUE }),
        ev(0.4, EventKind::BallBall { balls: [BallId::CUE, b(2)] }),
        ev(0.4, EventKind::BallBall { balls: [b(1), BallId::CUE] }),
    ];
    let r = ShotRecord::from_events(&t, &before(), &events, &[]);
    assert_eq!(r.first_contact, Some(b(1)));
    assert_eq!(r.first_contacts.len(), 2);
}

#[test]
fn incremental_builder_equals_the_whole_record() {
    let t = Table::default();
    let events = vec![
        ev(0.0, EventKind::Strike { ball: BallId::CUE }),
        ev(0.4, EventKind::BallBall { balls: [BallId::CUE, b(1)] }),
        ev(0.8, EventKind::OffTable { ball: b(1) }),
    ];
    let finals = [FinalBall { id: BallId::CUE, fate: BallFate::OnTable { pos: [0.1, 0.1] } }];
    let mut builder = RecordBuilder::new(&t, &before());
    for e in &events {
        builder.push(e);
    }
    let r = builder.finish(&finals);
    assert_eq!(r, ShotRecord::from_events(&t, &before(), &events, &finals));
    assert!(r.off_table.contains(b(1)));
    assert_eq!(r.after(b(1)), BallWhere::OffTable);
    assert_eq!(r.cue_after(), Some([0.1, 0.1]));
}

#[test]
fn cue_ball_crossing_the_head_string_before_contact() {
    let t = Table::default();
    let k = |x: f64| Kinematics { pos: [x, 0.0, BALL_RADIUS_M], v: [0.0; 3], w: [0.0; 3] };
    let mut far = ev(0.5, EventKind::Cushion { ball: BallId::CUE, rail: RailId::Foot });
    far.state.insert(BallId::CUE, k(1.2));
    let contact = ev(1.5, EventKind::BallBall { balls: [BallId::CUE, b(3)] });
    let r = ShotRecord::from_events(
        &t,
        &before(),
        &[ev(0.0, EventKind::Strike { ball: BallId::CUE }), far, contact.clone()],
        &[],
    );
    assert!(r.cue_crossed_head_string);
    let r = ShotRecord::from_events(&t, &before(), &[ev(0.0, EventKind::Strike { ball: BallId::CUE }), contact], &[]);
    assert!(!r.cue_crossed_head_string);
}

#[test]
fn game_messages_feed_the_builder_without_event_states() {
    let t = Table::default();
    let mut builder = RecordBuilder::new(&t, &before());
    builder.push_kind(0.0, EventKind::Strike { ball: BallId::CUE });
    builder.cue_at([0.2, 0.0]);
    builder.push_kind(0.5, EventKind::BallBall { balls: [BallId::CUE, b(3)] });
    builder.push_kind(0.7, EventKind::Cushion { ball: b(3), rail: RailId::Head });
    let r = builder.finish(&[]);
    assert!(r.cue_crossed_head_string);
    assert_eq!(r.first_contact, Some(b(3)));
    assert!(r.rail_after_contact.contains(b(3)));
    assert_eq!(r.cue_placed(), Some([-0.9, 0.0]));
}
