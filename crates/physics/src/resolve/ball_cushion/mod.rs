//! Ball-cushion collisions (straight rails, jaw faces and jaw points alike).

pub mod mathavan_2010;
