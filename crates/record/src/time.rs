//! UTC dates from Unix seconds, for file names and the menu, without a date library: the
//! civil-from-days algorithm of Howard Hinnant ("chrono-Compatible Low-Level Date Algorithms").

/// (year, month 1-12, day 1-31, hour, minute, second) of `unix_s` in UTC.
pub fn utc(unix_s: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (unix_s / 86_400) as i64;
    let secs = unix_s % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, (secs / 3600) as u32, (secs / 60 % 60) as u32, (secs % 60) as u32)
}

/// `2026-12-05 07:30 UTC`.
pub fn utc_text(unix_s: u64) -> String {
    let (y, mo, d, h, mi, _) = utc(unix_s);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02} UTC")
}

/// `20261205T073012Z`: sortable and safe in a file name.
pub fn utc_stamp(unix_s: u64) -> String {
    let (y, mo, d, h, mi, s) = utc(unix_s);
    format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(utc(0), (1970, 1, 1, 0, 0, 0));
        // 2000-02-29 (a leap day of a century leap year) 12:34:56.
        assert_eq!(utc(951_827_696), (2000, 2, 29, 12, 34, 56));
        // 2026-12-05 07:30:00 UTC.
        assert_eq!(utc_text(1_796_455_800), "2026-12-05 07:30 UTC");
        assert_eq!(utc_stamp(1_796_455_812), "20261205T073012Z");
    }
}
