/// The type filter above a list of concerts or recordings: one choice for each type family the
/// list holds. There is none where a choice could hide nothing (a single concert or recording,
/// or every one holding the same families): a visitor would be offered "MTX" on a page without
/// one, or a control that changes nothing.
public struct TypeFilterModel: Sendable {
    /// One per family present, in `RecordingType`'s order (Pre-FM is filtered with FM).
    public var choices: [RecordingTypeModel]

    /// `units` are what the filter shows or hides, each with the families of its recordings.
    init?(_ units: [Set<RecordingType>]) {
        let present = units.reduce(into: Set<RecordingType>()) { $0.formUnion($1) }
        guard units.contains(where: { $0 != present }) else { return nil }
        choices = RecordingType.allCases.filter(present.contains).map(RecordingTypeModel.init)
    }

    /// A filter of concert cells, each matched by all its recordings.
    init?(concerts: [Concert]) {
        self.init(concerts.map { Set($0.recordings.map(\.type.family)) })
    }

    /// A filter of one concert's recordings.
    init?(recordings: [Recording]) {
        self.init(recordings.map { [$0.type.family] })
    }
}
