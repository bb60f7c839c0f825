import Foundation
import SitegenCore
import Testing
@testable import SitegenCharts

/// A listener cache with the global week list from 1108296000 to `weeks` weeks later.
private func listenerFiles(_ user: String, weeks: Int = 3, charts: [String: String] = [:],
                           userJSON: String? = nil) throws -> [String: String] {
    let list = (0..<weeks).map { index -> String in
        let from = 1_108_296_000 + index * 604_800
        return "{\"#text\":\"\",\"from\":\"\(from)\",\"to\":\"\(from + 604_800)\"}"
    }.joined(separator: ",")
    var files = ["charts/\(user)/weeklychartlist.json": "{\"weeklychartlist\":{\"chart\":[\(list)],\"@attr\":{\"user\":\"\(user)\"}}}",
                 "charts/\(user)/user.json": try userJSON ?? ChartsContent.fixture("userinfo-2020")]
    for (name, text) in charts { files["charts/\(user)/weeks/\(name)"] = text }
    return files
}

@Suite("Charts loader")
struct ChartsLoaderTests {
    @Test("no Content/charts folder: no section; with listeners in site.yml each listener not available yet, with a warning")
    func nothing() throws {
        #expect(try ChartsContent([:]).load() == nil)
        let warnings = WarningLog()
        let section = try #require(try ChartsContent([:]).load(siteYAML: "charts:\n  years_back_limit: 5\n  listeners: [ybsc]\n", warnings: warnings))
        #expect(section.listeners.map(\.listener.user) == ["ybsc"] && section.listeners.map(\.listener.hasCache) == [false])
        #expect(section.missingCache().map(\.file) == ["charts/ybsc/"])
        #expect(warnings.sorted.map(\.description) == ["Content/site.yml:3:15: warning: no cache for charts listener `ybsc`: expected a folder Content/charts/ybsc/ with user.json, weeklychartlist.json and weeks/; the listener's page says the charts are not available yet"])
        let settings = try ChartsSettings(try YAMLValue.parse("years_back_limit: 5\nmin_plays: 2\n", file: "x").mapping("charts"), warnings: warnings)
        #expect(settings.yearsBackLimit == 5 && settings.defaultMinPlays == 2 && settings.listeners == nil)
    }

    /// `sitegen check` lists the album.getInfo answer fetch would ask for next, and none once
    /// the answer by artist and album is cached, "not found" included: fetch asks no more.
    @Test("the missing album.getInfo answers are those fetch would ask for")
    func missingAlbumInfo() throws {
        let week = ##"{"weeklyalbumchart":{"album":[{"artist":{"mbid":"","#text":"PUP"},"@attr":{"rank":"1"},"mbid":"97f17e68-b106-450d-b6c4-68c50cb5b7d6","playcount":"22","name":"Live at The Electric Ballroom","url":"https://www.last.fm/music/PUP/x"}],"@attr":{"user":"ybsc","from":"1108296000","to":"1108900800"}}}"##
        let notFound = #"{"error":6,"message":"Album not found","links":[]}"#
        let byMBID = "charts/albums/97f17e68-b106-450d-b6c4-68c50cb5b7d6.json", byName = "charts/albums/pup--live-at-the-electric-ballroom.json"
        for (cached, missing) in [([String](), [byMBID]), ([byMBID], [byName]), ([byMBID, byName], [])] {
            var files = try listenerFiles("ybsc", charts: ["1108296000-1108900800.json": week])
            for file in cached { files[file] = notFound }
            let section = try #require(try ChartsContent(files).load(warnings: WarningLog()))
            #expect(section.missingCache().map(\.file).filter { $0.hasPrefix("charts/albums/") } == missing, "cached: \(cached)")
        }
    }

    @Test("a cached error body is a warning naming the file and the error, and the week is not an empty chart")
    func errorBody() throws {
        let content = try ChartsContent(try listenerFiles("ybsc", charts: ["1108296000-1108900800.json": try ChartsContent.fixture("error-6")]))
        let warnings = WarningLog()
        let section = try #require(try content.load(warnings: warnings))
        let messages = warnings.sorted.map(\.description)
        // The fixture's week list ends in 2005: one warning says so (not one per year it misses).
        #expect(messages == ["Content/charts/ybsc/weeklychartlist.json: warning: the week list ends before 2025-11-22 (1 year ago), so that page has no chart; `sitegen fetch --only charts` asks for it again",
                             "Content/charts/ybsc/weeks/1108296000-1108900800.json: warning: cached weekly album chart holds Last.fm error 6: User not found; the week is shown as not available, not as empty"])
        let week = try #require(section.listeners.first?.weeks.first)
        #expect(week.cached.entries == nil)
    }

    @Test("an error body in user.json or friends.json is a warning too")
    func otherErrors() throws {
        var files = try listenerFiles("ybsc", userJSON: try ChartsContent.fixture("error-6"))
        files["charts/ybsc/friends.json"] = try ChartsContent.fixture("error-friends")
        let warnings = WarningLog()
        let section = try #require(try ChartsContent(files).load(warnings: warnings))
        #expect(section.listeners.first?.listener.profile == nil)
        let messages = warnings.sorted.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Content/charts/ybsc/user.json: warning: cached user.getInfo holds Last.fm error 6") })
        #expect(messages.contains { $0.hasPrefix("Content/charts/ybsc/friends.json: warning: cached user.getFriends holds Last.fm error 6: no such page") })
    }

    @Test("a file that is not JSON stops the load with the file named")
    func brokenJSON() throws {
        let content = try ChartsContent(try listenerFiles("ybsc", charts: ["1108296000-1108900800.json": "{\"weeklyalbumchart\":"]))
        #expect { try content.load() } throws: { error in
            (error as? SitegenError)?.location?.file == "Content/charts/ybsc/weeks/1108296000-1108900800.json"
        }
    }

    @Test("site.yml: listeners with names and thresholds; unknown keys warn with their line")
    func settings() throws {
        var files = try listenerFiles("ybsc")
        files.merge(try listenerFiles("rj"), uniquingKeysWith: { $1 })
        let yaml = """
        charts:
          min_plays: 3
          colour: red
          listeners:
            - user: ybsc
              name: Chris
              min_plays: 2
              favourite: yes
            - RJ
            - ghost
        """
        let warnings = WarningLog()
        let section = try #require(try ChartsContent(files).load(siteYAML: yaml, warnings: warnings))
        #expect(section.listeners.map(\.listener.displayName) == ["Chris", "Christopher Trott", "ghost"])
        #expect(section.listeners.map(\.listener.minPlays) == [2, 3, 3])
        #expect(section.listeners.map(\.listener.user) == ["ybsc", "rj", "ghost"], "user names match folders case-insensitively")
        #expect(section.listeners.map(\.listener.hasCache) == [true, true, false])
        let messages = warnings.sorted.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Content/site.yml:3:") && $0.contains("unknown key `colour` in charts settings") })
        #expect(messages.contains { $0.contains("unknown key `favourite` in a charts listener") })
        #expect(messages.contains { $0.contains("no cache for charts listener `ghost`") })
    }

    @Test("a wrong type in the settings is an error with the line")
    func settingsError() throws {
        let yaml = "charts:\n  min_plays: lots\n"
        #expect { try ChartsContent(try listenerFiles("ybsc")).load(siteYAML: yaml) } throws: { error in
            let error = error as? SitegenError
            return error?.location?.line == 2 && error?.message.contains("min_plays") == true
        }
    }

    @Test("a user name that would climb out of charts/ is an error with its line")
    func userNamesNameFoldersInsideCharts() throws {
        for user in ["../../../secret/leak", "..", "a/b", ".hidden"] {
            let yaml = "charts:\n  listeners:\n    - user: \"\(user)\"\n"
            #expect(throws: SitegenError.self, "\(user)") {
                try ChartsSettings(try YAMLValue.parse(yaml, file: "site.yml").mapping("site")["charts"]?.mapping("charts"), warnings: WarningLog())
            }
        }
        #expect(ChartsSettings.Listener(argument: "../x") == nil)
        #expect(ChartsSettings.Listener(argument: "deadhead_mara:2")?.user == "deadhead_mara")
        #expect(ChartsSettings.isUserName("tapehead77") && ChartsSettings.isUserName("rj") && ChartsSettings.isUserName("listener-00.x"))
    }

    @Test("the --listener override replaces site.yml's listeners")
    func override() throws {
        var files = try listenerFiles("ybsc")
        files.merge(try listenerFiles("rj"), uniquingKeysWith: { $1 })
        let content = try ChartsContent(files)
        let listener = try #require(ChartsSettings.Listener(argument: "rj:4"))
        let section = try #require(try ChartsSection.load(try content.context(siteYAML: "charts:\n  listeners: [ybsc]\n"), listeners: [listener]))
        #expect(section.listeners.map(\.listener.user) == ["rj"])
        #expect(section.listeners.first?.listener.minPlays == 4)
        #expect(ChartsSettings.Listener(argument: "rj:0") == nil)
        // One named on the command line without a cache: the warning says so, and points at no
        // line of site.yml (it once named the `charts:` block).
        let warnings = WarningLog()
        let ghost = try #require(ChartsSettings.Listener(argument: "ghost"))
        _ = try ChartsSection.load(try content.context(siteYAML: "charts:\n  listeners: [ybsc]\n", warnings: warnings), listeners: [ghost])
        let warning = try #require(warnings.sorted.first { $0.message.contains("`ghost`") })
        #expect(warning.location == nil && warning.message.hasPrefix("no cache for charts listener `ghost` (named by the command line)"))
    }

    @Test("album files are found by mbid first, then by artist--album slug")
    func albumLookup() throws {
        var files = try listenerFiles("ybsc")
        files["charts/albums/0b2345b3-6b73-4df9-9b1e-ba2e6b4a5a2e.json"] = try ChartsContent.fixture("albuminfo-2020")
        files["charts/albums/beach-bunny--honeymoon.json"] = try ChartsContent.fixture("albuminfo-partial")
        let section = try #require(try ChartsContent(files).load())
        let byMBID = section.albumInfo(AlbumKey(artist: "Paramore", album: "Paramore", mbid: "0B2345B3-6B73-4DF9-9B1E-BA2E6B4A5A2E"))
        #expect(byMBID.info?.name == "Paramore")
        let bySlug = section.albumInfo(AlbumKey(artist: "Beach Bunny", album: "Honeymoon", mbid: "5b1f2c7e-9b0a-4c1e-8d0a-3f3c2e7a9d11"))
        #expect(bySlug.info?.name == "Honeymoon")
        #expect(bySlug.files == ["charts/albums/5b1f2c7e-9b0a-4c1e-8d0a-3f3c2e7a9d11.json", "charts/albums/beach-bunny--honeymoon.json"])
    }
}
