//! Ball-cushion collisions (straight rails, jaw faces and jaw points alike).

pub mod han_2005;
pub mod mathavan_2010;
