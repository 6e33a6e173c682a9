//! What happens at an event, one module per event kind and model (pooltool's
//! `physics/resolve/<event kind>/<model>` layout). Each model maps the states just before an
//! event to the states just after it.

pub mod ball_ball;
pub mod ball_cushion;
pub mod ball_table;
pub mod stick_ball;
