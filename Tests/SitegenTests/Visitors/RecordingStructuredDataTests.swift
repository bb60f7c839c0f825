import Foundation
import Testing

@Suite("MusicRecording on recording pages")
struct RecordingStructuredDataTests {
    @Test("every recording page carries a MusicRecording: name, band, the concert it was recorded at, length, address")
    func musicRecordings() throws {
        let site = try SampleSite.get().site
        let pages = site.outputFiles().filter { $0.key.hasPrefix("recordings/") && $0.key.hasSuffix("/index.html") }
        #expect(pages.count > 30)
        var durations = 0
        var cities = 0
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            let scripts = SharingTests.scripts(in: html)
            #expect(scripts.count == 1, "\(path)")
            guard let text = scripts.first,
                  let recording = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                Issue.record("\(path): no parsable JSON-LD"); continue
            }
            #expect(recording["@context"] as? String == "https://schema.org")
            #expect(recording["@type"] as? String == "MusicRecording")
            #expect((recording["name"] as? String)?.isEmpty == false, "\(path)")
            let band = try #require(recording["byArtist"] as? [String: Any], "\(path)")
            #expect(band["@type"] as? String == "MusicGroup" && (band["name"] as? String)?.isEmpty == false)
            let event = try #require(recording["recordedAt"] as? [String: Any], "\(path)")
            #expect(event["@type"] as? String == "MusicEvent")
            #expect((event["name"] as? String)?.isEmpty == false)
            if let start = event["startDate"] as? String {
                #expect(start.wholeMatch(of: /\d{4}(-\d{2}(-\d{2})?)?/) != nil, "\(path): \(start)")
            }
            // A place unless neither venue nor city is known; named unless nobody named the venue:
            // the page's "Unknown venue" is no place's name.
            guard let place = event["location"] as? [String: Any] else {
                #expect(html.contains("Unknown venue"), "\(path)")
                continue
            }
            #expect(place["@type"] as? String == "Place")
            #expect((place["name"] as? String)?.isEmpty == false || html.contains("Unknown venue"), "\(path)")
            #expect(place["name"] as? String != "Unknown venue")
            if let address = place["address"] as? [String: Any] {
                #expect(address["@type"] as? String == "PostalAddress" && address["addressLocality"] is String)
                cities += 1
            }
            if let duration = recording["duration"] as? String {
                #expect(duration.wholeMatch(of: /PT(\d+H)?(\d+M)?\d+S/) != nil, "\(path): \(duration)")
                durations += 1
            }
            #expect(recording["url"] as? String == SharingTests.meta("og:url", in: html), "\(path)")
        }
        #expect(durations > 10, "recordings with a known length say it")
        #expect(cities > 10)
        // A date with unknown parts says only what is known.
        let studio = try #require(pages.values.map { String(decoding: $0, as: UTF8.self) }.first { $0.contains("gd1966-xx-xx.sbd.studio.81259.flac16") })
        let text = try #require(SharingTests.scripts(in: studio).first)
        #expect(text.contains(#""startDate":"1966""#))
    }
}
