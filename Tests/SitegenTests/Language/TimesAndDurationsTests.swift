import Foundation
import SitegenCore
import Testing

/// Times of day in the locale's own hour cycle and track lengths with its digits, from
/// Foundation's locale data; English output as it was ("20:00", "4:05").
@Suite("Times and durations in the site's language")
struct TimesAndDurationsTests {
    @Test("a time of day takes the locale's hour cycle")
    func timesOfDay() {
        let british = SiteLanguage(language: "en_GB")
        #expect(british.time(hour: 20, minute: 0) == "20:00")
        #expect(british.time(hour: 9, minute: 5) == "09:05")
        #expect(SiteLanguage(language: "de").time(hour: 20, minute: 0) == "20:00")
        // The US writes 12-hour times with a day period; CLDR's space before it may be narrow.
        let american = SiteLanguage(language: "en-US").time(hour: 20, minute: 0)
        #expect(american.hasPrefix("8:00") && american.hasSuffix("PM"), "\(american)")
        #expect(SiteLanguage(language: "en-US").time(hour: 0, minute: 30).hasPrefix("12:30"))
    }

    @Test("a length is whole seconds, rounded, as a stopwatch in the locale writes it")
    func durations() {
        let english = SiteLanguage(language: "en_GB")
        #expect(english.duration(108.81) == "1:49")
        #expect(english.duration(59.6) == "1:00")
        #expect(english.duration(9931.53) == "2:45:32")
        #expect(english.duration(3600) == "1:00:00")
        #expect(english.duration(0) == "0:00")
        // Arabic (Egypt) writes its own digits: the locale's, not ASCII.
        #expect(SiteLanguage(language: "ar-EG").duration(245) == "٤:٠٥")
    }
}
