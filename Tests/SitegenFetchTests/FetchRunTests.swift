import Foundation
import SitegenCore
import SitegenCharts
import XCTest
@testable import SitegenFetch

final class FetchRunTests: FakeServicesTestCase {
    func testFirstRunAsksForEverythingAndARepeatOnlyForWhatCanChange() async throws {
        let content = try FetchTestSupport.content(for: self)
        let first = try await FetchTestSupport.run(content, server: server)
        XCTAssertEqual(server.seenKeys.sorted(), FetchTestSupport.firstRun)
        XCTAssertTrue(first.succeeded, "\(first.failures)")
        XCTAssertFalse(first.notes.contains { $0.contains("lists no items") || $0.contains("has no user") }, first.notes.description)
        XCTAssertEqual(first.count(.new), 28)
        let files = FetchTestSupport.files(content)
        XCTAssertNotNil(files["charts/rj/weeks/1108296000-1108900800.json"])
        XCTAssertNotNil(files["charts/albums/\(FakeWorld.pupMBID).json"])
        // Not found answers are cached as sent, so they are not asked again.
        XCTAssertEqual(files["charts/albums/nova-charisma--exposition-i.json"].map { String(decoding: $0, as: UTF8.self) },
                       #"{"error":6,"message":"Album not found","links":[]}"#)
        XCTAssertEqual(files["archive/moe/items/moe1999-07-04.aud.json"], Data("{}".utf8))
        XCTAssertNotNil(files["events/24426/calendar-3.json"], "the page count grew between pages")
        XCTAssertNotNil(files["lastfm/artists/promise.json"])
        XCTAssertEqual(files["static/images/lastfm/albums/\(FakeWorld.pupMBID).png"], FakeWorld.pupCover)
        XCTAssertEqual(files["static/images/lastfm/artists/promise.jpg.missing"], Data(), "a 404 image is recorded")
        XCTAssertEqual(files["static/images/lastfm/artists/.promise.source"], Data((server.base + "/img/i/u/300x300/promise.jpg").utf8),
                       "and the URL it was missing at")
        XCTAssertEqual(files["static/images/lastfm/users/rj.png"], FakeWorld.avatar, "the listener's avatar, named for the folder")
        XCTAssertFalse(files.keys.contains { $0.contains(FakeWorld.paramoreMBID) && $0.hasPrefix("static/") }, "the placeholder is not copied")
        for (name, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(text.contains(FakeServices.lastfmKey) || text.contains(FakeServices.songkickKey), "a key in \(name)")
        }
        XCTAssertTrue(server.seen.allSatisfy { $0.userAgent.hasPrefix("sitegen/test") && $0.userAgent.contains("https://fetched.example.org/") })
        XCTAssertTrue(server.seen.allSatisfy { $0.acceptEncoding.contains("gzip") }, server.seen.map(\.acceptEncoding).description)
        XCTAssertTrue(server.seen.filter { $0.path.hasPrefix("/2.0/") }.allSatisfy { $0.query["api_key"] == FakeServices.lastfmKey })

        server.resetSeen()
        let second = try await FetchTestSupport.run(content, server: server)
        XCTAssertEqual(server.seenKeys.sorted(), FetchTestSupport.repeatRun)
        XCTAssertEqual(second.count(.unchanged), FetchTestSupport.repeatRun.count)
        XCTAssertEqual(second.count(.new) + second.count(.changed), 0)
        XCTAssertEqual(FetchTestSupport.files(content), files.filter { _ in true }, "a repeat with the same answers changes no byte")
    }

    /// A finished week is asked for once; one whose file the build cannot read as a chart
    /// (shown as not available) is asked for again, or it would stay so for good.
    /// A cache folder that is not there holds nothing; one that is there but cannot be listed
    /// is unknown (nil), which the check of an emptied listing refuses to take for empty.
    func testACacheFolderThatCannotBeListedIsNotTakenForEmpty() throws {
        let content = try temporaryFolder("names")
        let writer = CacheWriter(content: content)
        XCTAssertEqual(writer.names(in: ["events", "7644"]), [])
        try FileManager.default.createDirectory(at: content.appendingPathComponent("events/24426"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: content.appendingPathComponent("events/24426/calendar-1.json"))
        try Data("{}".utf8).write(to: content.appendingPathComponent("events/24426/.calendar-2.json.tmp-1"))
        XCTAssertEqual(writer.names(in: ["events", "24426"]), ["calendar-1.json"])
        try Data("not a folder".utf8).write(to: content.appendingPathComponent("events/7644"))
        XCTAssertNil(writer.names(in: ["events", "7644"]))
    }

    func testACachedWeekThatIsNoChartIsAskedForAgain() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server)
        let week = content.appendingPathComponent("charts/rj/weeks/1108296000-1108900800.json")
        try Data(#"{"weeklyalbumchart":{"album":{},"@attr":{"user":"rj","from":"1108296000","to":"1108900800"}}}"#.utf8).write(to: week)
        server.resetSeen()
        let again = try await FetchTestSupport.run(content, server: server)
        XCTAssertTrue(again.succeeded, "\(again.failures)")
        XCTAssertTrue(server.seenKeys.contains(FakeWorld.week(1108296000, 1108900800)), "\(server.seenKeys)")
        XCTAssertFalse(FetchTestSupport.files(content)["charts/rj/weeks/1108296000-1108900800.json"].map { String(decoding: $0, as: UTF8.self) }?
            .contains(#""album":{}"#) ?? true, "the answer replaced the broken file")
    }

    /// A week cached while it ran, in a cache copied since (new modification times, as a git
    /// checkout gives), is asked for again while it ended less than a week ago; an older week
    /// whose file is from after its end is not.
    func testAWeekThatEndedThisPastWeekIsAskedAgainWhateverItsFileTimeSays() {
        let day = 86_400.0
        let ended = ChartWeek(from: 1_109_505_600 - 604_800, to: 1_109_505_600)!
        let older = ChartWeek(from: 1_109_505_600 - 2 * 604_800, to: 1_109_505_600 - 604_800)!
        let copied = { (_: ChartWeek) -> Date? in Date(timeIntervalSince1970: 1_109_505_600 + 2 * day) }
        let asked = { (now: Double) in
            ChartsPlan.weeksToFetch(listed: [older, ended], cachedAt: copied, now: Date(timeIntervalSince1970: now)).filter { $0 != ChartWeek(from: 1_109_505_600, to: 1_109_505_600 + 604_800) }
        }
        XCTAssertEqual(asked(1_109_505_600 + 3 * day), [ended], "three days after its end")
        XCTAssertEqual(asked(1_109_505_600 + 8 * day), [], "eight days after: its file is taken as final")
    }

    func testFaultsAreRetriedOrGivenUpOnAndNothingBadIsWritten() async throws {
        let lastfm = FakeWorld.lastfm
        server.fault(FetchTestSupport.scrapePages[0], .status(429, retryAfter: "2"))
        server.fault(FakeWorld.week(FakeWorld.weeks[0].0, FakeWorld.weeks[0].1), .status(503, retryAfter: nil))
        server.fault(lastfm("format=json&mbid=\(FakeWorld.pupMBID)&method=album.getinfo"), .cutOff)
        server.fault("/ia/metadata/moe2002-02-02.mtx", .slow(2.5))
        server.fault("/sk/events/102.json", .invalidJSON, .invalidJSON, .invalidJSON)
        server.fault(lastfm("format=json&mbid=\(FakeWorld.paramoreMBID)&method=album.getinfo"),
                     .body(#"{"error":16,"message":"There was a temporary error processing your request. Please try again"}"#, status: 200))
        server.fault(lastfm("artist=Promise&format=json&method=artist.getinfo"),
                     .body(#"{"error":7,"message":"Invalid resource specified"}"#, status: 400))
        let content = try FetchTestSupport.content(for: self)
        let sleeps = SleepLog()
        let report = try await FetchTestSupport.run(content, server: server, sleeps: sleeps)

        let counts = Dictionary(server.seenKeys.map { ($0, 1) }, uniquingKeysWith: +)
        XCTAssertEqual(counts[FetchTestSupport.scrapePages[0]], 2, "429 then the answer")
        XCTAssertEqual(counts[FakeWorld.week(FakeWorld.weeks[0].0, FakeWorld.weeks[0].1)], 2, "503 then the answer")
        XCTAssertEqual(counts[lastfm("format=json&mbid=\(FakeWorld.pupMBID)&method=album.getinfo")], 2, "cut off, then whole")
        XCTAssertEqual(counts["/ia/metadata/moe2002-02-02.mtx"], 2, "past the timeout, then in time")
        XCTAssertEqual(counts["/sk/events/102.json"], 3, "not JSON on every one of 3 tries")
        XCTAssertEqual(counts[lastfm("format=json&mbid=\(FakeWorld.paramoreMBID)&method=album.getinfo")], 2, "error 16 is temporary")
        XCTAssertEqual(counts[lastfm("artist=Promise&format=json&method=artist.getinfo")], 1, "error 7 is permanent")
        XCTAssertTrue(sleeps.sleeps.contains { $0 >= .seconds(2) }, "Retry-After honoured: \(sleeps.sleeps)")
        XCTAssertEqual(sleeps.sleeps.count, 1 + 1 + 1 + 1 + 2 + 1)

        XCTAssertEqual(report.failures.map(\.url).sorted(), [
            server.lastfmURL.absoluteString + "?method=artist.getinfo&artist=Promise&format=json",
            server.songkickURL.absoluteString + "events/102.json",
        ])
        XCTAssertTrue(report.failures.contains { $0.reason.contains("Last.fm error 7") && $0.attempts == 1 })
        XCTAssertTrue(report.failures.contains { $0.reason.contains("JSON") && $0.attempts == 3 })
        XCTAssertFalse(report.failures.description.contains(FakeServices.lastfmKey))
        let files = FetchTestSupport.files(content)
        XCTAssertNil(files["events/24426/events/102.json"])
        XCTAssertNil(files["lastfm/artists/promise.json"])
        XCTAssertEqual(files["static/images/lastfm/albums/\(FakeWorld.pupMBID).png"], FakeWorld.pupCover)
        for (name, bytes) in files where name.hasSuffix(".json") {
            XCTAssertNoThrow(try JSON.parse(bytes, file: name), name)
        }
        XCTAssertEqual(files.count, 1 + 27 - 2 + 2, "site.yml and every answer but the two failures (and Promise's picture with it), and the sources of the two copies")
    }

    func testARetryAfterDateIsReadAgainstTheRunsClock() async throws {
        // Nine seconds after FakeWorld.now: read against the wall clock, it is long past and
        // the pause would be the backoff's milliseconds.
        server.fault(FetchTestSupport.scrapePages[0], .status(503, retryAfter: "Wed, 02 Mar 2005 12:00:09 GMT"))
        let content = try FetchTestSupport.content(for: self)
        let sleeps = SleepLog()
        _ = try await FetchTestSupport.run(content, server: server, sleeps: sleeps, sections: [.archive])
        XCTAssertEqual(sleeps.sleeps, [.seconds(9)])
    }

    func testAnAlbumWhoseMBIDLastFMDoesNotKnowIsAskedForByName() async throws {
        server.answer(FakeWorld.lastfm("format=json&mbid=\(FakeWorld.paramoreMBID)&method=album.getinfo"),
                      #"{"error":6,"message":"Album not found","links":[]}"#)
        server.answer(FakeWorld.lastfm("album=Paramore&artist=Paramore&format=json&method=album.getinfo"),
                      FakeWorld.album("Paramore", "Paramore", "", image: ""))
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        let files = FetchTestSupport.files(content)
        XCTAssertNotNil(files["charts/albums/paramore--paramore.json"])
        XCTAssertTrue(server.seenKeys.contains(FakeWorld.lastfm("album=Paramore&artist=Paramore&format=json&method=album.getinfo")))
        server.resetSeen()
        _ = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        XCTAssertFalse(server.seenKeys.contains { $0.contains("album.getinfo") }, "neither is asked again")
    }

    func testRedirectsAreFollowedOnlyOnTheSameHost() async throws {
        let list = FakeWorld.lastfm("format=json&method=user.getweeklychartlist&user=rj")
        let info = FakeWorld.lastfm("format=json&method=user.getinfo&user=rj")
        server.fault(list, .redirect(server.base + "/2.0?format=json&method=user.getweeklychartlist&user=rj"))
        server.fault(info, .redirect("http://localhost:\(server.port)/2.0?format=json&method=user.getinfo&user=rj"))
        let content = try FetchTestSupport.content(for: self)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        XCTAssertEqual(server.seenKeys.filter { $0 == list }.count, 2, "followed on 127.0.0.1")
        XCTAssertEqual(server.seenKeys.filter { $0 == info }.count, 1, "not followed to localhost")
        XCTAssertEqual(report.failures.map(\.reason), ["HTTP 302: a redirect that is not followed (only to http(s) on the same host and port, or between archive.org's hosts)"])
        XCTAssertNil(FetchTestSupport.files(content)["charts/rj/user.json"])
        XCTAssertTrue(HTTPTransport.mayFollow(from: URL(string: "https://archive.org/download/x"), to: URL(string: "https://ia800.us.archive.org/x")))
        XCTAssertFalse(HTTPTransport.mayFollow(from: URL(string: "https://archive.org/x"), to: URL(string: "ftp://archive.org/x")))
        XCTAssertFalse(HTTPTransport.mayFollow(from: URL(string: "https://archive.org/x"), to: URL(string: "https://evilarchive.org/x")))
        XCTAssertFalse(HTTPTransport.mayFollow(from: URL(string: "http://127.0.0.1:8000/x"), to: URL(string: "http://127.0.0.1:8001/x")), "another port")
        XCTAssertTrue(HTTPTransport.mayFollow(from: URL(string: "http://archive.org/x"), to: URL(string: "https://archive.org/x")), "to https")
        XCTAssertTrue(HTTPTransport.mayFollow(from: URL(string: "https://h.example/x"), to: URL(string: "https://h.example:443/y")), "the default port written")
        XCTAssertFalse(HTTPTransport.mayFollow(from: URL(string: "https://h.example/x"), to: URL(string: "http://h.example/y")), "down to http")
        XCTAssertFalse(HTTPTransport.mayFollow(from: URL(string: "http://h.example:8080/x"), to: URL(string: "https://h.example/y")), "from another port")
    }

    /// A failure's reason keeps the HTTP status beside what the body says, and invents no
    /// error number a body does not give.
    func testAnErrorAnswerIsNamedByItsStatusAndItsBody() {
        XCTAssertEqual(AnswerJudge.judge(status: 400, body: Data(#"{"error":7,"message":"Invalid resource specified"}"#.utf8), expects: .lastfm("artist")),
                       .fail("HTTP 400: Last.fm error 7: Invalid resource specified"))
        XCTAssertEqual(AnswerJudge.judge(status: 404, body: Data(#"{"error":"injected"}"#.utf8), expects: .lastfm("artist")),
                       .fail("HTTP 404: an error answer without Last.fm's error number (`error`: \"injected\")"))
        XCTAssertEqual(AnswerJudge.judge(status: 403, body: Data(#"{"error":"injected"}"#.utf8), expects: .songkick),
                       .fail("HTTP 403: expected a Songkick `resultsPage` object"))
        XCTAssertEqual(AnswerJudge.judge(status: 404, body: Data(#"{"error":6,"message":"Album not found"}"#.utf8), expects: .lastfm("album")), .notFound)
        XCTAssertEqual(AnswerJudge.judge(status: 200, body: Data(#"{"error":8}"#.utf8), expects: .lastfm("album")), .retry("Last.fm error 8: no message"))
        XCTAssertEqual(AnswerJudge.judge(status: 404, body: Data("<html>gone</html>".utf8), expects: .songkick), .fail("HTTP 404"))
    }

    /// An item answer about another identifier is not stored: the build would refuse it, and a
    /// good cached copy stays.
    func testAnItemAnswerAboutAnotherItemIsRefused() {
        let other = Data(#"{"metadata":{"identifier":"gd1977-05-08.sbd.miller.89401.flac16"},"files":[]}"#.utf8)
        XCTAssertEqual(AnswerJudge.judge(status: 200, body: other, expects: .archiveItem("moe1998-11-22.sbd.flac16")),
                       .fail("the answer is about the item 'gd1977-05-08.sbd.miller.89401.flac16', not 'moe1998-11-22.sbd.flac16'"))
        let same = Data(#"{"metadata":{"identifier":"moe1998-11-22.sbd.flac16"},"files":[]}"#.utf8)
        XCTAssertEqual(AnswerJudge.judge(status: 200, body: same, expects: .archiveItem("moe1998-11-22.sbd.flac16")), .good)
    }

    /// An answer of the right shape that the build's own readers refuse is not stored: once
    /// cached, it would stop every build after it (or show a week as not available), and a
    /// cached one is asked for again (`holdsGood`).
    func testAnAnswerTheBuildCannotReadIsRefused() {
        func judged(_ body: String, _ expects: Expectation) -> Verdict { AnswerJudge.judge(status: 200, body: Data(body.utf8), expects: expects) }
        XCTAssertEqual(judged(#"{"items":[0]}"#, .archiveSearch), .fail("the build could not read it (at $.items[0]: expected a search result object, found 0)"))
        XCTAssertEqual(judged(#"{"items":[{"identifier":"a"}],"cursor":"x"}"#, .archiveSearch), .good)
        guard case .fail(let dense) = judged("[" + String(repeating: "0,", count: 150_000) + "0]", .archiveSearch),
              dense.hasPrefix("refused: its values are packed more densely") else {
            return XCTFail("JSON too dense for the build is asked for again")
        }
        guard case .fail = judged(String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001), .archiveSearch) else {
            return XCTFail("JSON too deep for the build is asked for again")
        }
        XCTAssertEqual(judged(#"{"weeklychartlist":{"chart":[{"from":"1108900800","to":"1108296000"}]}}"#, .lastfm("weeklychartlist")),
                       .fail("the build could not read it (at $.weeklychartlist.chart[0]: expected a week whose `from` is before its `to`, from 1970 on, found an object)"))
        XCTAssertEqual(judged(#"{"weeklychartlist":{"chart":[{"from":"-604800","to":"0"}]}}"#, .lastfm("weeklychartlist")),
                       .fail("the build could not read it (at $.weeklychartlist.chart[0]: expected a week whose `from` is before its `to`, from 1970 on, found an object)"),
                       "a week before 1970 would be stored under a name no week is read back from")
        guard case .fail = judged(#"{"user":{"name":{}}}"#, .lastfm("user")) else { return XCTFail("a user without a name is stored") }
        guard case .fail = judged(#"{"album":{"artist":"A"}}"#, .lastfm("album")) else { return XCTFail("an album without a name is stored") }
        guard case .fail = judged(#"{"weeklyalbumchart":{"album":"x"}}"#, .lastfm("weeklyalbumchart")) else { return XCTFail("a week of no albums is stored") }
        XCTAssertEqual(judged(#"{"weeklyalbumchart":{"@attr":{"user":"rj"}}}"#, .lastfm("weeklyalbumchart")), .good, "a week before registration")
        for events in ["[0]", #""x""#, #"[{"displayName":"no id, no start"}]"#] {
            guard case .fail(let reason) = judged(#"{"resultsPage":{"status":"ok","results":{"event":\#(events)},"totalEntries":1}}"#, .songkick) else {
                return XCTFail("a calendar page of \(events) is stored")
            }
            XCTAssertTrue(reason.hasPrefix("the build could not read it"), reason)
        }
        XCTAssertEqual(judged(#"{"resultsPage":{"status":"ok","results":{},"totalEntries":0}}"#, .songkick), .good)
    }

    /// A server that resets the connection (a real one: python3 closes the socket with a zero
    /// linger, which sends RST) is named as such, not as "network error".
    func testAConnectionResetIsNamed() async throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", """
            import socket, struct
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
            print(s.getsockname()[1], flush=True)
            c, _ = s.accept(); c.recv(4096)
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); c.close()
            """]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { server.terminate() }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try XCTUnwrap(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), line)
        let transport = HTTPTransport(timeout: 5, userAgent: "sitegen-test", connectionsPerHost: 1, maxBodyBytes: 1 << 20)
        do {
            _ = try await transport.get(URL(string: "http://127.0.0.1:\(port)/")!)
            XCTFail("an answer came from a server that reset the connection")
        } catch {
            XCTAssertEqual(error.reason, "connection reset by the server")
        }
    }

    /// An answer's image link to this machine or its networks is not asked for (its answer
    /// would be published as an image), unless it is the host the answers come from.
    func testAnImageLinkToThisMachineOrItsNetworksIsNotAskedFor() {
        for host in ["127.0.0.1", "169.254.169.254", "10.1.2.3", "172.20.0.1", "192.168.1.1", "0.0.0.0", "[::1]", "::", "fe80::1",
                     "fd00::1", "fe80::1%eth0", "[fe80::1%25eth0]", "::ffff:127.0.0.1", "localhost", "localhost.", "api.localhost",
                     "2130706433", "0x7f.1"] {
            XCTAssertFalse(ImagesPlan.mayAsk(host: host, trusted: "ws.audioscrobbler.com"), host)
        }
        for host in ["lastfm.freetls.fastly.net", "93.184.216.34", "2606:4700::1", "cafe.be", "1.example"] {
            XCTAssertTrue(ImagesPlan.mayAsk(host: host, trusted: "ws.audioscrobbler.com"), host)
        }
        XCTAssertTrue(ImagesPlan.mayAsk(host: "127.0.0.1", trusted: "127.0.0.1"), "a local mirror's own images")
        XCTAssertTrue(ImagesPlan.isTrusted("Mirror.lan", "mirror.lan."), "the trusted host is compared as a resolver sees it")
    }

    /// A name is judged by the addresses it resolves to: `localhost` (from /etc/hosts, no DNS
    /// needed) is this machine whatever it is called; a public address is not refused, and a
    /// name that does not resolve is left to fail on its own.
    func testANameThatResolvesToThisMachineIsNotAskedFor() throws {
        let address = try XCTUnwrap(ImagesPlan.ownNetworkAddress(resolving: "localhost"))
        XCTAssertTrue(["127.0.0.1", "::1"].contains(address), address)
        XCTAssertEqual(ImagesPlan.ownNetworkAddress(resolving: "127.0.0.2"), "127.0.0.2")
        XCTAssertNotNil(ImagesPlan.ownNetworkAddress(resolving: "fe80::1%1"), "a link-local address with its zone")
        XCTAssertNil(ImagesPlan.ownNetworkAddress(resolving: "93.184.216.34"))
        XCTAssertNil(ImagesPlan.ownNetworkAddress(resolving: "2606:4700::1"))
        XCTAssertNil(ImagesPlan.ownNetworkAddress(resolving: "no-such-host.invalid"))
    }

    /// A failure's reason may quote the server: its control characters are escaped, so that it
    /// can neither drive the terminal nor forge a line of the report.
    func testAServersWordsInAFailureAreEscaped() {
        let failure = FetchFailure(api: .lastfm, url: "https://ws.example/", reason: "Last.fm error 3: \u{1B}[5mBLINK\nfetch: all fine",
                                   attempts: 1, action: "nothing written")
        XCTAssertEqual(failure.description, #"Last.fm https://ws.example/: Last.fm error 3: \u{1B}[5mBLINK\nfetch: all fine; nothing written"#)
        let recorder = ReportRecorder(dryRun: false)
        recorder.note("archive: collection `a\u{7}\nfailed: b`")
        XCTAssertEqual(recorder.result.notes, [#"archive: collection `a\u{7}\nfailed: b`"#])
    }

    /// An answer larger than the build would read (`limits.max_file_mb`) is not stored (every
    /// build after would fail on it), and not asked again: the same answer would come.
    func testAnAnswerLargerThanTheBuildReadsIsRefusedAtOnce() async throws {
        let content = try FetchTestSupport.content(siteYML: FakeWorld.siteYML + "\nlimits: {max_file_mb: 1}\n", for: self)
        let padding = String(repeating: "x", count: 1_200_000)
        server.answer("/sk/metro_areas/24426/calendar.json?page=1&per_page=50",
                      #"{"resultsPage":{"status":"ok","results":{"event":[]},"perPage":50,"page":1,"totalEntries":0,"pad":"\#(padding)"}}"#)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertEqual(report.failures.map(\.reason),
                       ["the answer is larger than 1 MB, the largest file the build reads (`limits.max_file_mb` in site.yml)"])
        XCTAssertEqual(report.failures.first?.attempts, 1, "not asked again")
        XCTAssertNil(FetchTestSupport.files(content)["events/24426/calendar-1.json"])
    }

    func testSettingsAreReadFromTheFetchKeyWithLinesInErrors() throws {
        let yml = FakeWorld.siteYML.replacingOccurrences(of: "  timeout_seconds: 1", with: "  timeout_seconds: 1\n  retries: 3")
        let content = try FetchTestSupport.content(siteYML: yml, for: self)
        let settings = try FetchTestSupport.settings(content)
        XCTAssertEqual(settings.collections, ["moe"])
        XCTAssertEqual(settings.listeners, ["rj"])
        XCTAssertEqual(settings.metros, [24426])
        XCTAssertEqual(settings.attempts, 3)
        XCTAssertEqual(settings.limits[.images], FetchSettings.defaultLimits[.images])
        let warnings = WarningLog()
        let config = try SiteConfig.parse(yml, file: "site.yml", sectionKeys: ["archive", "charts", "events"], warnings: warnings)
        _ = try FetchSettings(config, warnings: warnings)
        XCTAssertEqual(warnings.sorted.filter { $0.description.contains("retries") }.count, 1, "\(warnings.sorted)")
        let bad = FakeWorld.siteYML.replacingOccurrences(of: "  timeout_seconds: 1", with: "  timeout_seconds: 0.5")
        XCTAssertThrowsError(try FetchSettings(SiteConfig.parse(bad, file: "site.yml", sectionKeys: ["archive", "charts", "events"],
                                                                warnings: WarningLog()), warnings: WarningLog())) { error in
            XCTAssertTrue("\(error)".contains("site.yml:12:20") && "\(error)".contains("timeout_seconds"), "\(error)")
        }
        // Every bad key of a run is named, in the order of the file, not only the first.
        let worse = bad.replacingOccurrences(of: "  attempts: 3", with: "  attempts: many")
            .replacingOccurrences(of: "archive:\n", with: "archive:\n  year_order: sideways\n")
        XCTAssertThrowsError(try FetchSettings(SiteConfig.parse(worse, file: "site.yml", sectionKeys: ["archive", "charts", "events"],
                                                                warnings: WarningLog()), warnings: WarningLog())) { error in
            let lines = "\(error)".split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, "\(error)")
            XCTAssertTrue(lines.first?.contains("year_order") == true && lines.last?.contains("attempts") == true, "\(error)")
        }
    }

    /// Ctrl-C cancels the fetch's task: the request under way is dropped at once (not waited
    /// for, not retried, not written), the rest are not sent, and the report counts them.
    func testACancelledFetchEndsSoonWithWhatItStoredAndCountsWhatItLeft() async throws {
        let slow = "/ia/metadata/moe2002-02-02.mtx"
        server.fault(slow, .slow(20))
        let content = try FetchTestSupport.content(for: self)
        let server = self.server!
        let run = Task { try await FetchTestSupport.run(content, server: server, sections: [.archive]) { $0.timeoutSeconds = 30 } }
        let waited = ContinuousClock.now
        while !server.seenKeys.contains(slow), ContinuousClock.now - waited < .seconds(15) { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertTrue(server.seenKeys.contains(slow), "the slow request was sent")
        let cancelled = ContinuousClock.now
        run.cancel()
        let report = try await run.value
        XCTAssertLessThan(ContinuousClock.now - cancelled, .seconds(5), "the slow answer is not waited for")
        XCTAssertGreaterThanOrEqual(report.stopped, 1)
        XCTAssertFalse(report.succeeded)
        XCTAssertTrue(report.failures.isEmpty, "a dropped request is no failure of the service: \(report.failures)")
        XCTAssertTrue(report.summary(seconds: 1).contains("not fetched (stopped)"), report.summary(seconds: 1))
        XCTAssertEqual(server.seenKeys.filter { $0 == slow }.count, 1, "not retried")
        let files = FetchTestSupport.files(content)
        XCTAssertNil(files["archive/moe/items/moe2002-02-02.mtx.json"])
        XCTAssertNotNil(files["archive/moe/search-1.json"], "what was stored before the stop stays")
        for (name, bytes) in files where name != "site.yml" {
            XCTAssertFalse(name.contains(".tmp-"), name)
            XCTAssertNoThrow(try JSON.parse(bytes, file: name), name)
        }
    }

    func testAGzippedAnswerIsStoredUnpacked() async throws {
        let packed = Data(base64Encoded: "H4sIAAAAAAACA6tWKi1OLVKyqlbKS8xNVbJSKspS0lEqSk3MgfKDMksSFbzAYumZxSWpRakpINWleZkVJZlgFYaGBlAAVKVcklpRomSFEKutrQUAXRlyPmQAAAA=")!
        server.fault(FakeWorld.lastfm("format=json&method=user.getinfo&user=rj"), .gzip(packed))
        let content = try FetchTestSupport.content(for: self)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        XCTAssertTrue(report.succeeded, report.failures.description)
        XCTAssertEqual(FetchTestSupport.files(content)["charts/rj/user.json"].map { String(decoding: $0, as: UTF8.self) },
                       ##"{"user":{"name":"rj","realname":"Rita J","registered":{"unixtime":"1100000000","#text":1100000000}}}"##)
    }

    func testAnArchiveItemIsAskedAgainOnlyWhenTheListingSaysItChangedSinceItWasCached() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.archive])
        // Both items cached in 2012; the listing now says both were edited in 2024. One cached
        // answer says archive.org last changed it in 2011 (stale), the other in 2025 (current).
        let items = content.appendingPathComponent("archive/moe/items")
        try FakeWorld.item("moe2002-02-02.mtx", date: "2002-02-02", venue: "The Palace", updated: 1_735_689_600)
            .write(to: items.appendingPathComponent("moe2002-02-02.mtx.json"), atomically: true, encoding: .utf8)
        for name in ["moe2001-01-01.sbd.flac16.json", "moe2002-02-02.mtx.json", "moe1999-07-04.aud.json"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_330_000_000)],
                                                  ofItemAtPath: items.appendingPathComponent(name).path)
        }
        let edited = #""updatedate":["2024-03-01T00:00:00Z"]"#
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, """
        {"items":[{"identifier":"moe2001-01-01.sbd.flac16","mediatype":"etree",\(edited)},{"identifier":"moe1999-07-04.aud","mediatype":"etree",\(edited)}],"count":2,"cursor":"\(FakeWorld.cursor)"}
        """)
        server.answer(FetchTestSupport.scrapePages[1], """
        {"items":[{"identifier":"moe2002-02-02.mtx","mediatype":"etree",\(edited)}],"count":1}
        """)
        server.resetSeen()
        let report = try await FetchTestSupport.run(content, server: server, sections: [.archive])
        XCTAssertEqual(server.seenKeys.sorted(), (FetchTestSupport.scrapePages + ["/ia/metadata/moe2001-01-01.sbd.flac16"]).sorted(),
                       "the item cached as {} is not asked again, the current one neither")
        XCTAssertEqual(report.count(.unchanged), 1, "the stale item came back the same")
        XCTAssertEqual(report.count(.changed), 2, "both listing pages changed")
    }

    func testAGoodFileIsNeverReplacedByAWorseAnswer() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        let before = FetchTestSupport.files(content)
        server.fault(FakeWorld.lastfm("format=json&method=user.getinfo&user=rj"), .body(#"{"error":6,"message":"User not found"}"#, status: 404))
        server.fault(FakeWorld.lastfm("format=json&method=user.getweeklychartlist&user=rj"),
                     .body(#"{"error":8,"message":"Operation failed"}"#, status: 200), .body(#"{"error":8,"message":"Operation failed"}"#, status: 200),
                     .body(#"{"error":8,"message":"Operation failed"}"#, status: 200))
        server.fault(FakeWorld.lastfm("format=json&limit=500&method=user.getfriends&user=rj"), .body(#"{"friends":"oops"}"#, status: 200))
        let report = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        XCTAssertEqual(report.count(.kept), 1, "user.json kept over the not-found answer")
        XCTAssertEqual(report.failures.count, 2)
        XCTAssertTrue(report.failures.allSatisfy { $0.action.contains("kept") })
        XCTAssertEqual(FetchTestSupport.files(content), before)
    }

    func testRequestsToOneServiceKeepTheRateLimit() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.charts]) {
            $0.limits[.lastfm] = HostLimits(requestsPerSecond: 20, concurrency: 2)
        }
        // Arrival times at the server carry the scheduler's jitter (a loaded CI machine delays one
        // request by tens of ms and the next catches up), so the test checks what a burst would
        // break: the whole run's span, and any three requests in a row, with room for that jitter.
        let times = server.seen.map(\.at).sorted()
        XCTAssertEqual(times.count, 9)
        XCTAssertGreaterThanOrEqual(times.last! - times.first!, .milliseconds(320), "8 gaps of 50 ms, less jitter")
        for (first, third) in zip(times, times.dropFirst(2)) {
            XCTAssertGreaterThanOrEqual(third - first, .milliseconds(50), "three requests 100 ms apart, never a burst")
        }
    }

    /// A service that leaves request after request unanswered is given up on for the run: each
    /// request would otherwise take every try's full wait, for hours, holding the content
    /// folder's lock and the builds it blocks.
    func testAServiceThatDoesNotAnswerIsGivenUpOn() async throws {
        let content = try FetchTestSupport.content(for: self)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.charts, .archive, .events],
                                                    baseURLs: [.lastfm: URL(string: "http://127.0.0.1:1/2.0/")!]) {
            $0.limits[.lastfm] = HostLimits(requestsPerSecond: 100, concurrency: 1)
        }
        let lastfm = report.failures.filter { $0.api == .lastfm }
        XCTAssertEqual(lastfm.filter { $0.reason.hasSuffix("; 3 requests in a row got no answer: no more requests sent to Last.fm") }.count, 1,
                       lastfm.description)
        XCTAssertEqual(lastfm.count, 3, "the three that were sent: \(lastfm)")
        XCTAssertTrue(report.failures.allSatisfy { $0.api == .lastfm }, "archive.org and Songkick answered: \(report.failures)")
        XCTAssertEqual(report.notes.filter { $0.hasPrefix("Last.fm: ") },
                       ["Last.fm: 4 more requests not sent after 3 requests in a row got no answer"], "the events' artists: \(report.notes)")
    }

    /// A connection refused is a failed try at once, retried at the fetcher's own pace: the
    /// client's own reconnecting made each try last the whole timeout (30 s here).
    func testARefusedConnectionFailsEachTryAtOnce() async throws {
        let content = try FetchTestSupport.content(for: self)
        let sleeps = SleepLog()
        let start = ContinuousClock.now
        // Port 1 on loopback: nothing listens there.
        let report = try await FetchTestSupport.run(content, server: server, sleeps: sleeps, sections: [.archive],
                                                    baseURLs: [.archive: URL(string: "http://127.0.0.1:1/ia/")!]) { $0.timeoutSeconds = 30 }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
        XCTAssertFalse(report.failures.isEmpty)
        XCTAssertTrue(report.failures.allSatisfy { $0.attempts == 3 }, "\(report.failures)")
        XCTAssertFalse(sleeps.sleeps.isEmpty, "tried again after a pause")
    }

    func testAHostThatDoesNotResolveFailsAtOnceSayingSo() async throws {
        // .invalid never resolves (RFC 6761): a misspelt --archive-url, or no network at all.
        let content = try FetchTestSupport.content(for: self)
        let sleeps = SleepLog()
        let report = try await FetchTestSupport.run(content, server: server, sleeps: sleeps, sections: [.archive],
                                                    baseURLs: [.archive: URL(string: "http://sitegen-test.invalid/ia/")!]) { $0.timeoutSeconds = 30 }
        XCTAssertFalse(report.failures.isEmpty)
        XCTAssertTrue(report.failures.allSatisfy { $0.reason.hasPrefix("host not found") }, "\(report.failures)")
        // A machine with no resolver at all says it did not answer: that is asked again.
        if report.failures.allSatisfy({ !$0.reason.contains("did not answer") }) {
            XCTAssertTrue(report.failures.allSatisfy { $0.attempts == 1 }, "\(report.failures)")
            XCTAssertTrue(sleeps.sleeps.isEmpty, "not asked again")
        }
    }

    func testARefusedKeyStopsRequestsToThatServiceOnly() async throws {
        let refused = #"{"error":10,"message":"Invalid API key - You must be granted a valid key by last.fm"}"#
        for method in ["format=json&method=user.getinfo&user=rj", "format=json&method=user.getweeklychartlist&user=rj",
                       "format=json&limit=500&method=user.getfriends&user=rj"] {
            server.answer(FakeWorld.lastfm(method), refused, status: 403)
        }
        let content = try FetchTestSupport.content(for: self)
        let report = try await FetchTestSupport.run(content, server: server)
        XCTAssertEqual(report.failures.count, 1, report.failures.description)
        XCTAssertTrue(report.failures[0].reason.contains("no more requests sent to Last.fm"))
        XCTAssertLessThanOrEqual(server.seen.filter { $0.path.hasPrefix("/2.0") }.count, 2, "the requests already open when the first refusal came")
        XCTAssertTrue(report.notes.contains { $0.hasPrefix("Last.fm: ") && $0.hasSuffix("more requests not sent after the key was refused") })
        XCTAssertNotNil(FetchTestSupport.files(content)["archive/moe/items/moe2002-02-02.mtx.json"], "archive.org is asked as before")
        XCTAssertNotNil(FetchTestSupport.files(content)["events/24426/calendar-3.json"], "Songkick too")
    }

    func testADryRunSendsNothingAndCountsThePlan() async throws {
        let content = try FetchTestSupport.content(for: self)
        let plan = try await FetchTestSupport.run(content, server: server, dryRun: true)
        XCTAssertEqual(server.seen.count, 0)
        XCTAssertEqual(plan.requests, [.archive: 1, .lastfm: 3, .songkick: 1], "what is known before any answer")
        XCTAssertEqual(FetchTestSupport.files(content).keys.sorted(), ["site.yml"])
        // What it could not count is said, place by place: each waits on an answer not cached.
        XCTAssertEqual(plan.uncounted, [
            "Last.fm: listener `rj`: its weeks and the albums they chart (user.getWeeklyChartList is not cached)",
            "Songkick: metro 24426: the calendar after page 1, the details of the events it lists and their headliners' artist.getInfo (page 1 is not cached)",
            "archive.org: collection `moe`: the listing after page 1 and the items it lists (page 1 is not cached)",
            "images: those linked by Last.fm answers not cached yet (1 album.getInfo, artist.getInfo or user.getInfo request counted above)",
        ])
        let summary = plan.summary(seconds: 0)
        XCTAssertTrue(summary.hasPrefix("plan: 5 requests (archive.org 1, Last.fm 3, Songkick 1); nothing was sent.\ncounted: "), summary)
        XCTAssertTrue(summary.contains("\nnot counted: what fresh answers add (new items in a listing, events in a calendar, weeks in a week list), and what waits on answers not cached yet:\n  Last.fm: listener `rj`: "), summary)
        _ = try await FetchTestSupport.run(content, server: server)
        server.resetSeen()
        let repeatPlan = try await FetchTestSupport.run(content, server: server, dryRun: true)
        XCTAssertEqual(server.seen.count, 0)
        XCTAssertEqual(repeatPlan.requestCount, FetchTestSupport.repeatRun.count)
        XCTAssertEqual(repeatPlan.uncounted, [], "with the cache complete, every request is known")
        XCTAssertTrue(repeatPlan.summary(seconds: 0).hasSuffix("; every other request is known from the cache."))
    }

    func testTheSummaryCountsOneRequestInTheSingular() {
        var report = FetchReport()
        report.requests = [.archive: 1]
        XCTAssertTrue(report.summary(seconds: 0).hasSuffix(" · 1 request (archive.org 1) · 0.0 s"), report.summary(seconds: 0))
        report.dryRun = true
        XCTAssertTrue(report.summary(seconds: 0).hasPrefix("plan: 1 request (archive.org 1); nothing was sent."), report.summary(seconds: 0))
        report.requests = [.archive: 1, .lastfm: 1]
        XCTAssertTrue(report.summary(seconds: 0).hasPrefix("plan: 2 requests "), report.summary(seconds: 0))
    }

    func testADryRunCountsEachAlbumOnceAndSaysWhatWaitsOnItsAnswer() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.charts])
        for name in try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("charts/albums").path) {
            try FileManager.default.removeItem(at: content.appendingPathComponent("charts/albums/" + name))
        }
        server.resetSeen()
        let plan = try await FetchTestSupport.run(content, server: server, sections: [.charts], dryRun: true)
        XCTAssertEqual(server.seen.count, 0)
        // Profile, week list, friends, the running week, the week that ended three days ago,
        // and PUP and Paramore by mbid, Nova Charisma by name.
        XCTAssertEqual(plan.requests, [.lastfm: 5 + 3])
        XCTAssertEqual(plan.uncounted, ["Last.fm: album.getInfo by artist and album for those of 2 albums asked by mbid that Last.fm does not know"])
    }

    /// One empty answer for a calendar or a collection would remove every cached page of it
    /// (and publish an empty calendar): it is refused while the cache lists events to come or
    /// items, and stored once the cached events are past.
    func testAListingEmptiedAtOnceIsRefusedWhileTheCacheHoldsSomethingToShow() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.archive, .events])
        let before = FetchTestSupport.files(content)
        XCTAssertNotNil(before["events/24426/calendar-3.json"])
        XCTAssertNotNil(before["archive/moe/search-2.json"])
        server.answer("/sk/metro_areas/24426/calendar.json?page=1&per_page=50",
                      #"{"resultsPage":{"status":"ok","results":{},"perPage":50,"page":1,"totalEntries":0}}"#)
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, #"{"items":[],"count":0}"#)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.archive, .events])
        XCTAssertFalse(report.succeeded)
        XCTAssertEqual(report.failures.map(\.reason).sorted(), [
            "the answer lists no events where the cached calendar lists 4 events to come; taken for a fault of Songkick, not stored "
                + "(if the metro really has none now, delete \(content.path)/events/24426/calendar-*.json)",
            "the answer lists no items where the cached listing lists 3 items; taken for a fault of archive.org, not stored "
                + "(if the collection is really empty now, delete \(content.path)/archive/moe/search-*.json)",
        ])
        XCTAssertTrue(report.failures.allSatisfy { $0.action == "nothing written; the cached listing was kept" })
        XCTAssertTrue(report.removed.isEmpty, "\(report.removed)")
        XCTAssertEqual(FetchTestSupport.files(content), before, "every cached page stays as it was")

        // Events that began before the fetch's day: one still runs (a festival until the 10th of
        // March), so the calendar still has something to lose.
        for page in 1...3 {
            let file = content.appendingPathComponent("events/24426/calendar-\(page).json")
            var text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "2026-12-0", with: "2005-01-0")
            if page == 1 { text = text.replacingOccurrences(of: #""start":{"time":"19:30:00","date":"2005-01-01""#, with: #""end":{"date":"2005-03-10"},"start":{"time":"19:30:00","date":"2005-03-01""#) }
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let running = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertEqual(running.failures.map(\.reason).first?.hasPrefix("the answer lists no events where the cached calendar lists 1 event to come"), true,
                       "\(running.failures)")

        // A calendar whose cached events are all over has nothing to lose: the empty answer is stored.
        let first = content.appendingPathComponent("events/24426/calendar-1.json")
        try String(contentsOf: first, encoding: .utf8).replacingOccurrences(of: #""end":{"date":"2005-03-10"},"#, with: "")
            .write(to: first, atomically: true, encoding: .utf8)
        let past = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertTrue(past.succeeded, "\(past.failures)")
        let files = FetchTestSupport.files(content)
        XCTAssertEqual(files["events/24426/calendar-1.json"].map { String(decoding: $0, as: UTF8.self) },
                       #"{"resultsPage":{"status":"ok","results":{},"perPage":50,"page":1,"totalEntries":0}}"#)
        XCTAssertNil(files["events/24426/calendar-2.json"])
        XCTAssertNil(files["events/24426/calendar-3.json"])
    }

    /// A calendar page whose events the build cannot read, or a scrape page of rows that are no
    /// results, is not stored: it would empty the cached listing (whose later pages go) and its
    /// pages would say the listings are not available. A scrape cursor that comes back unchanged
    /// stops the listing instead of asking the same page ten thousand times.
    func testAnUnreadableListingPageIsNotStoredAndARepeatedCursorStops() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server, sections: [.archive, .events])
        let before = FetchTestSupport.files(content)
        server.answer("/sk/metro_areas/24426/calendar.json?page=1&per_page=50",
                      #"{"resultsPage":{"status":"ok","results":{"event":[0]},"perPage":50,"page":1,"totalEntries":1}}"#)
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, #"{"items":[0],"count":1}"#)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.archive, .events])
        XCTAssertEqual(report.failures.map(\.reason).sorted(), [
            "the build could not read it (at $.items[0]: expected a search result object, found 0)",
            "the build could not read it (at $.resultsPage.results.event: expected events (objects with an id and a start), found none among 1 entries)",
        ])
        XCTAssertTrue(report.removed.isEmpty, "\(report.removed)")
        XCTAssertEqual(FetchTestSupport.files(content), before, "every cached page stays as it was")

        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, #"{"items":[{"identifier":"moe1998-11-22.sbd.flac16"}],"cursor":"again"}"#)
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery.replacingOccurrences(of: "count=1000", with: "count=1000&cursor=again"),
                      #"{"items":[{"identifier":"moe1998-11-22.sbd.flac16"}],"cursor":"again"}"#)
        let looping = try await FetchTestSupport.run(content, server: server, sections: [.archive])
        XCTAssertEqual(looping.failures.map(\.reason).filter { $0.contains("cursor") }, ["page 2 gives back the cursor it was asked with"])
        XCTAssertEqual(server.seenKeys.filter { $0.contains("cursor=again") }.count, 1, "the repeated page is asked for once")
    }

    /// On a full disk the first answer that cannot be stored says so, once, and no request after
    /// it is sent: every other answer would be asked of the services for nothing. The content
    /// folder is on a tmpfs of its own, filled but for a few kilobytes (CI runs as root).
    func testAFullDiskStopsTheFetchWithOneFailure() async throws {
        let mountPoint = try temporaryFolder("full")
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.path]
        try mount.run()
        mount.waitUntilExit()
        try XCTSkipUnless(mount.terminationStatus == 0, "a tmpfs cannot be mounted here (not root)")
        addTeardownBlock {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [mountPoint.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let content = mountPoint.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: false)
        try FakeWorld.siteYML.write(to: content.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        // All the space but about 6 KB: the first answers fit, the rest do not.
        let filler = content.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try handle.close()
        let free = try FileManager.default.attributesOfFileSystem(forPath: content.path)[.systemFreeSize] as? Int ?? 0
        try FileHandle(forWritingTo: filler).truncate(atOffset: UInt64(max(0, (try filler.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) + free - 6_144)))

        let report = try await FetchTestSupport.run(content, server: server)
        let full = report.failures.filter { $0.reason.contains(String(cString: strerror(ENOSPC))) }
        XCTAssertEqual(full.count, 1, "\(report.failures)")
        XCTAssertTrue(full.first?.action.contains("no more requests are sent") == true, "\(full)")
        XCTAssertTrue(report.notes.contains { $0.hasSuffix("not sent: the disk is full") }, "\(report.notes)")
        XCTAssertLessThan(server.seen.count, FetchTestSupport.firstRun.count, "requests went on after the disk was full")
        XCTAssertFalse(FetchTestSupport.files(content).keys.contains { $0.contains(".tmp-") }, "a temporary file was left")
    }

    /// A section without its key is skipped; when site.yml lists what it would fetch, that is a
    /// failure (a cron job without the key in its environment must not go stale unsaid).
    func testASectionWithoutItsKeyIsSkippedAndAFailureWhenSiteYMLListsWhatItWouldFetch() async throws {
        for (siteYML, configured) in [(FakeWorld.siteYML, true), ("title: T\nbase_url: https://example.org/\n", false)] {
            let content = try FetchTestSupport.content(siteYML: siteYML, for: self)
            var options = FetchOptions(content: content, product: "sitegen/test")
            options.baseURLs = [.archive: server.archiveURL, .lastfm: server.lastfmURL, .songkick: server.songkickURL]
            options.sections = [.charts, .events]
            let report = try await FetchRun(options: options, settings: try FetchTestSupport.settings(content), userAgent: "t",
                                            progress: CountingProgress()).run()
            if configured {
                XCTAssertEqual(report.failures.map(\.description).sorted(), [
                    "Last.fm `charts.listeners` of site.yml: LASTFM_API_KEY is not set in the environment; 1 listener not fetched "
                        + "(set it where the fetch runs, a cron job's environment too, or leave the section out with --only)",
                    "Songkick `events.metros` of site.yml: SONGKICK_API_KEY is not set in the environment; 1 metro not fetched "
                        + "(set it where the fetch runs, a cron job's environment too, or leave the section out with --only)",
                ])
                XCTAssertFalse(report.succeeded)
            } else {
                XCTAssertEqual(report.notes.sorted(), ["charts: skipped, LASTFM_API_KEY is not set", "events: skipped, SONGKICK_API_KEY is not set"])
                XCTAssertTrue(report.succeeded)
            }
        }
        XCTAssertEqual(server.seen.count, 0)
    }

    func testNamesFromSettingsAndAnswersNeverLeaveTheirFolder() async throws {
        // A listener named "../../etc" is an error of site.yml itself (ChartsLoaderTests); "albums"
        // is a name of the shared folder.
        let yml = FakeWorld.siteYML.replacingOccurrences(of: "listeners: [rj]", with: "listeners: [albums]")
        let content = try FetchTestSupport.content(siteYML: yml, for: self)
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, """
        {"items":[{"identifier":"../../escape"},{"identifier":"/etc/passwd"},{"identifier":"a b"},{"identifier":"\(String(repeating: "x", count: 300))"},{"identifier":".hidden"}],"count":5}
        """)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.archive, .charts])
        XCTAssertEqual(report.failures.count, 1 + 5)
        XCTAssertTrue(report.failures.allSatisfy { $0.action == "not requested" }, report.failures.description)
        XCTAssertFalse(server.seen.contains { $0.path.contains("metadata") || $0.path.hasPrefix("/2.0") }, server.seenKeys.description)
        XCTAssertEqual(FetchTestSupport.files(content.deletingLastPathComponent()).keys.filter { !$0.hasPrefix(".") }.sorted(),
                       ["Content/archive/moe/search-1.json", "Content/site.yml"])
    }

    /// A collection archive.org lists nothing in and a listener Last.fm does not know (typos in
    /// site.yml) are said, not only left to the build's empty pages and warnings.
    func testAMisspeltCollectionOrListenerIsNoted() async throws {
        let yml = FakeWorld.siteYML.replacingOccurrences(of: "listeners: [rj]", with: "listeners: [rjj]")
        let content = try FetchTestSupport.content(siteYML: yml, for: self)
        server.answer("/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery, #"{"items":[],"count":0,"total":0}"#)
        server.answer(FakeWorld.lastfm("format=json&method=user.getinfo&user=rjj"), #"{"error":6,"message":"User not found","links":[]}"#, status: 404)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.archive, .charts])
        XCTAssertTrue(report.notes.contains { $0.hasPrefix("archive: archive.org lists no items in the collection `moe`") }, report.notes.description)
        XCTAssertTrue(report.notes.contains("charts: Last.fm has no user `rjj` (as spelled in `charts.listeners` of site.yml)"), report.notes.description)
    }

    func testACachedWeekListOrCalendarPageFetchCannotReadIsNoted() async throws {
        // A week list whose weeks have no times (cached by hand, or by an older fetch) is not
        // replaced by the same again, which is refused; a calendar page the service now refuses
        // keeps its broken cached copy.
        let broken = #"{"weeklychartlist":{"chart":[{"from":"soon","to":"later"}]}}"#
        server.answer(FakeWorld.lastfm("format=json&method=user.getweeklychartlist&user=rj"), broken)
        server.fault("/sk/metro_areas/24426/calendar.json?page=1&per_page=50", .status(403, retryAfter: nil))
        let content = try FetchTestSupport.content(for: self)
        let calendar = content.appendingPathComponent(EventsPlan.calendarFile(metro: 24426, page: 1).description)
        try FileManager.default.createDirectory(at: calendar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"resultsPage":[]}"#.utf8).write(to: calendar)
        let weekList = content.appendingPathComponent("charts/rj/" + ChartsCacheFiles.weekList)
        try FileManager.default.createDirectory(at: weekList.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(broken.utf8).write(to: weekList)

        let report = try await FetchTestSupport.run(content, server: server, sections: [.charts, .events])
        XCTAssertTrue(report.failures.contains { $0.url.contains("user.getweeklychartlist") && $0.reason.hasPrefix("the build could not read it (at $.weeklychartlist.chart[0].from: ") },
                      report.failures.description)
        XCTAssertTrue(report.notes.contains {
            $0.hasPrefix("charts: charts/rj/weeklychartlist.json is no list of weeks (") && $0.hasSuffix("): no week of `rj` is asked for")
        }, report.notes.description)
        XCTAssertTrue(report.notes.contains {
            $0.hasPrefix("events: events/24426/calendar-1.json lists no events (") && $0.hasSuffix("): no event's details are asked for")
        }, report.notes.description)
        XCTAssertFalse(server.seenKeys.contains { $0.contains("user.getweeklyalbumchart") }, "no week asked for")
    }

    func testAnAvatarIsFetchedAgainWhenItsURLChangesAndOnlyThen() async throws {
        let content = try FetchTestSupport.content(for: self)
        let users = "static/images/lastfm/users/"
        func file(_ name: String) -> Data? { FetchTestSupport.files(content)[users + name] }
        func source() -> String? { file(".rj.source").map { String(decoding: $0, as: UTF8.self) } }
        func images() -> [String] { server.seenKeys.filter { $0.hasPrefix("/img/") } }
        func fetch() async throws -> FetchReport {
            server.resetSeen()
            return try await FetchTestSupport.run(content, server: server)
        }
        _ = try await fetch()
        XCTAssertEqual(file("rj.png"), FakeWorld.avatar)
        XCTAssertEqual(source(), server.base + "/img/i/u/300x300/rj.png", "the copy's URL is recorded beside it")

        _ = try await fetch()
        XCTAssertEqual(server.seenKeys.sorted(), FetchTestSupport.repeatRun, "same URL: user.getInfo is asked, the image is not")

        // A new avatar: until it comes whole, the old copy stays and the record keeps its URL.
        let newAvatar = "/img/i/u/300x300/rj-2026.jpg"
        let newBytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 5, count: 40))
        server.answer(FakeWorld.lastfm("format=json&method=user.getinfo&user=rj"), FakeWorld.userInfo(avatar: server.base + newAvatar))
        server.fault(newAvatar, .status(503, retryAfter: nil), .status(503, retryAfter: nil), .status(503, retryAfter: nil))
        let failed = try await fetch()
        XCTAssertFalse(failed.succeeded)
        XCTAssertEqual(images(), [newAvatar, newAvatar, newAvatar])
        XCTAssertEqual(file("rj.png"), FakeWorld.avatar)
        XCTAssertNil(file("rj.jpg"))
        XCTAssertEqual(source(), server.base + "/img/i/u/300x300/rj.png")

        server.answer(newAvatar, bytes: newBytes)
        let changed = try await fetch()
        XCTAssertTrue(changed.succeeded, changed.failures.description)
        XCTAssertEqual(images(), [newAvatar], "one request for the new image")
        XCTAssertEqual(file("rj.jpg"), newBytes)
        XCTAssertNil(file("rj.png"), "the old copy goes once the new one is there")
        XCTAssertEqual(source(), server.base + newAvatar)

        _ = try await fetch()
        XCTAssertEqual(images(), [], "and not again")

        // A copy made before sources were recorded is taken as made from the answer's URL.
        try FileManager.default.removeItem(at: content.appendingPathComponent(users + ".rj.source"))
        _ = try await fetch()
        XCTAssertEqual(images(), [])
        XCTAssertEqual(source(), server.base + newAvatar)

        // A profile without a picture any more: the copy of the old one goes.
        server.answer(FakeWorld.lastfm("format=json&method=user.getinfo&user=rj"), FakeWorld.userInfo(avatar: ""))
        _ = try await fetch()
        XCTAssertEqual(images(), [])
        XCTAssertNil(file("rj.jpg"))
        XCTAssertNil(source())
    }

    func testAnAlbumCoverIsFetchedAgainWhenARefreshedAnswerLinksAnotherURL() async throws {
        let content = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(content, server: server)
        // album.getInfo is asked once; a replaced answer (deleted and fetched again) may link another cover.
        let answer = content.appendingPathComponent("charts/albums/\(FakeWorld.pupMBID).json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: answer.path))
        try FileManager.default.removeItem(at: answer)
        server.answer(FakeWorld.lastfm("format=json&mbid=\(FakeWorld.pupMBID)&method=album.getinfo"),
                      FakeWorld.album("Live at The Electric Ballroom", "PUP", FakeWorld.pupMBID, image: server.base + "/img/i/u/300x300/pup-2.png"))
        server.answer("/img/i/u/300x300/pup-2.png", bytes: FakeWorld.avatar)
        server.resetSeen()
        _ = try await FetchTestSupport.run(content, server: server)
        XCTAssertEqual(server.seenKeys.filter { $0.hasPrefix("/img/") }, ["/img/i/u/300x300/pup-2.png"])
        let copy = FetchTestSupport.files(content).filter { $0.key.hasPrefix("static/images/lastfm/albums/") && !$0.key.contains("/.") }
        XCTAssertEqual(copy.values.map { $0 }, [FakeWorld.avatar], "the new cover over the old, under the same name")
    }

    func testCachePathRefusesPartsThatLeaveTheFolder() {
        XCTAssertNotNil(CachePath("charts/rj/user.json"))
        for bad in ["../x.json", "/etc/passwd", "a//b", "a/./b", "a\0b", String(repeating: "x", count: 201), "a\\b", ""] {
            XCTAssertNil(CachePath(bad), bad)
        }
    }

    func testASecondFetchWaitsForTheFirstSayingForWhichProcess() async throws {
        let content = try FetchTestSupport.content(for: self)
        var held: ContentLock? = try ContentLock(for: content, as: .fetch)
        let progress = CountingProgress()
        let server = server!
        let second = Task { try await FetchTestSupport.run(content, server: server, progress: progress, lockWait: .seconds(20)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while progress.waitMessages.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(progress.waitMessages.count, 1, "said once")
        let message = progress.waitMessages.first ?? ""
        XCTAssertTrue(message.contains("waiting for a sitegen fetch (process \(getpid()))"), message)
        XCTAssertTrue(message.contains(".Content.sitegen-content-lock"), message)
        // A build does not wait: it stops, naming the fetch.
        XCTAssertThrowsError(try ContentLock.forBuild(content)) { error in
            let text = (error as? SitegenError)?.message ?? ""
            XCTAssertTrue(text.contains("a sitegen fetch (process \(getpid())) is writing Content"), text)
        }
        try await Task.sleep(for: .milliseconds(250))
        XCTAssertEqual(server.seen.count, 0, "nothing is sent while waiting")
        XCTAssertNotNil(held)
        held = nil
        let report = try await second.value
        XCTAssertTrue(report.succeeded, report.failures.description)
        XCTAssertEqual(server.seenKeys.sorted(), FetchTestSupport.firstRun)
        XCTAssertEqual(progress.waitMessages.count, 1)
        XCTAssertNotNil(try ContentLock.forBuild(content))
    }

    /// A watcher's build (`watch`, `serve`) waits for the fetch instead of failing, says so
    /// once, and gives up when the watcher stops: its next build would otherwise come only with
    /// the next edit, long after the fetch ended.
    func testAWatchersBuildWaitsForTheFetchAndStopsWhenTheWatcherDoes() throws {
        let content = try FetchTestSupport.content(for: self)
        let fetch = HeldLock(try ContentLock(for: content, as: .fetch))
        let said = LockedMessages()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { fetch.release() }
        let started = ContinuousClock.now
        XCTAssertNotNil(try ContentLock.forBuild(content, waiting: (keepWaiting: { true }, announce: { said.add($0) })))
        XCTAssertGreaterThan(ContinuousClock.now - started, .milliseconds(300))
        XCTAssertEqual(said.all.count, 1)
        XCTAssertTrue(said.all.first?.contains("waiting for a sitegen fetch (process \(getpid()))") == true, "\(said.all)")

        let again: ContentLock? = try ContentLock(for: content, as: .fetch)
        XCTAssertThrowsError(try ContentLock.forBuild(content, waiting: (keepWaiting: { false }, announce: { _ in })))
        XCTAssertNotNil(again)
    }

    /// The other holder is a real second process (python3 holding the flock), so the kernel's
    /// list of locks has to name it, and its `kill -9` has to free the lock.
    func testAFetchStopsAfterItsWaitNamingTheLockAndTheHolderAndTakesALockWhoseHolderIsGone() async throws {
        let content = try FetchTestSupport.content(for: self)
        let lockFile = content.deletingLastPathComponent().appendingPathComponent(".Content.sitegen-content-lock").path
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", "import fcntl, sys; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_SH); print('held', flush=True); sys.stdin.read()", lockFile]
        let output = Pipe(), input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        XCTAssertTrue(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("held"), "python3 holds the lock")
        func failure(_ wait: Duration) async -> (String, Duration) {
            let started = ContinuousClock.now
            do {
                _ = try await FetchTestSupport.run(content, server: server, lockWait: wait)
                return ("ran", ContinuousClock.now - started)
            } catch {
                return ((error as? SitegenError)?.message ?? "\(error)", ContinuousClock.now - started)
            }
        }
        let (waited, took) = await failure(.milliseconds(300))
        XCTAssertEqual(waited, "Content is still locked by a sitegen build (process \(holder.processIdentifier)) after waiting 0.3 s (lock \(lockFile)); run the fetch again when it is done, or wait longer")
        XCTAssertGreaterThanOrEqual(took, .milliseconds(300))
        let (stopped, quick) = await failure(.zero)
        XCTAssertEqual(stopped, "Content is locked by a sitegen build (process \(holder.processIdentifier)) (lock \(lockFile)); run the fetch again when it is done, or let it wait")
        XCTAssertLessThan(quick, .milliseconds(300), "0 stops at once")
        do {
            _ = try await FetchTestSupport.run(content, server: server, lockWait: .zero)
            XCTFail("expected the lock to be busy")
        } catch {
            XCTAssertEqual((error as? SitegenError)?.option, .lockWait, "the command line names --wait for it")
        }
        // Ctrl-C while waiting: the wait ends at once (it polled a cancelled sleep before), and
        // the report says the fetch was stopped before it asked anything.
        let services = self.server!
        let waiting = Task { try await FetchTestSupport.run(content, server: services, lockWait: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(300))
        let cancelled = ContinuousClock.now
        waiting.cancel()
        let stoppedReport = try await waiting.value
        XCTAssertLessThan(ContinuousClock.now - cancelled, .seconds(2))
        XCTAssertTrue(stoppedReport.stoppedWaiting && stoppedReport.wasStopped && !stoppedReport.succeeded)
        XCTAssertEqual(server.seen.count, 0)

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        // Closed here, not when the pipes are freed: Foundation's Process on Linux can close a
        // pipe's descriptor twice when the handles are left to deinit (swiftlang/swift#57827),
        // and the second close hits whatever file another test opened with that number.
        try? output.fileHandleForReading.close()
        try? input.fileHandleForWriting.close()
        let report = try await FetchTestSupport.run(content, server: server)
        XCTAssertTrue(report.succeeded, "the lock of a killed holder is free at once")
    }

    func testRetryPolicyBacksOffExponentiallyWithJitterAndHonoursRetryAfter() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(60), random: { 0 })
        XCTAssertEqual(policy.delay(after: 1, retryAfter: nil), .milliseconds(500))
        XCTAssertEqual(policy.delay(after: 3, retryAfter: nil), .seconds(2))
        XCTAssertEqual(policy.delay(after: 1, retryAfter: .seconds(7)), .seconds(7))
        XCTAssertNil(policy.delay(after: 1, retryAfter: .seconds(600)))
        XCTAssertEqual(policy.delay(after: 30, retryAfter: nil), .seconds(60))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(RetryPolicy.retryAfter("Tue, 14 Nov 2023 22:13:30 GMT", now: now), .seconds(10))
        XCTAssertEqual(RetryPolicy.retryAfter("3", now: now), .seconds(3))
        XCTAssertNil(RetryPolicy.retryAfter("soon", now: now))
    }
}

/// Messages said from another thread, read by the test.
final class LockedMessages: @unchecked Sendable {
    private var messages: [String] = []
    private let lock = NSLock()
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

/// A lock another thread lets go of.
final class HeldLock: @unchecked Sendable {
    private var lock: ContentLock?
    private let guardLock = NSLock()
    init(_ lock: ContentLock) { self.lock = lock }
    func release() { guardLock.withLock { lock = nil } }
}
