extension Int {
    /// The count and its noun as sitegen's lines to the operator say them: "1 error",
    /// "2 errors", "0 files". English, as every terminal message is (what visitors read is
    /// counted by the site language's plural rules, `SiteLanguage`); `plural` is for a noun
    /// that takes more than an "s" ("1 retry", "2 retries").
    public func counted(_ noun: String, plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
