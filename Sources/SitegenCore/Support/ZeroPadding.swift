extension Int {
    /// 7 → "07" for width 2, -7 → "-07": `String(format: "%02d")` for the numbers dates are
    /// made of, without its cost (dates and times are formatted for every page).
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let padded = digits.utf8.count < width ? String(repeating: "0", count: width - digits.utf8.count) + digits : digits
        return self < 0 ? "-" + padded : padded
    }
}
