import Testing
@testable import SitegenArchive

/// The type filter is offered only where a choice hides something, with a choice per family
/// the list holds.
@Suite("Archive: type filter")
struct TypeFilterModelTests {
    @Test("no filter where no choice could hide anything")
    func none() {
        #expect(TypeFilterModel([]) == nil)
        #expect(TypeFilterModel([[.audience]]) == nil)
        #expect(TypeFilterModel([[.audience], [.audience]]) == nil)
        // Every concert has both: either choice shows them all.
        #expect(TypeFilterModel([[.soundboard, .audience], [.soundboard, .audience]]) == nil)
    }

    @Test("a choice per family present, in the filter's order")
    func choices() throws {
        let filter = try #require(TypeFilterModel([[.unknown], [.audience, .soundboard], [.fm]]))
        #expect(filter.choices.map(\.family) == ["sbd", "aud", "fm", "unknown"])
        // One concert of two holding both still lets "AUD" hide the other.
        #expect(TypeFilterModel([[.soundboard, .audience], [.soundboard]])?.choices.map(\.family) == ["sbd", "aud"])
    }
}
