//! What the examples share: their `--flag value` arguments and percentiles of their timings.
#![allow(dead_code)] // each example uses its own part

/// The value after `flag` in `args`, or `default`.
pub fn flag(args: &[String], flag: &str, default: &str) -> String {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| default.to_string())
}

/// The `q` quantile (0 to 1) of `sorted`, nearest rank; 0 when empty.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted.get(((sorted.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
}
