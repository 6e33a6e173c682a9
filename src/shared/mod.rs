//! Types that several plugins share, below all of them: the language, names of games and levels,
//! the bed frame, the screens, the camera mode and the saved settings.

pub mod camera_mode;
pub mod frame;
pub mod lang;
pub mod names;
pub mod rule_text;
pub mod screen;
pub mod settings;
