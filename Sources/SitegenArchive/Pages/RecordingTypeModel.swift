/// A recording type as the templates show it: the code on the badge, CSS names, and one flag
/// per type so the templates can say each type in their own words.
public struct RecordingTypeModel: Sendable {
    /// "SBD", "AUD", "MTX", "SBD+AUD", "FM", "Pre-FM" or "unknown".
    public var code: String
    /// "sbd", "aud", "mtx", "sbd-aud", "fm", "pre-fm", "unknown".
    public var css: String
    /// The CSS name of the group a filter puts it in ("fm" for Pre-FM).
    public var family: String
    public var isSBD: Bool
    public var isAUD: Bool
    public var isMTX: Bool
    public var isSBDAUD: Bool
    public var isFM: Bool
    public var isPreFM: Bool
    public var isUnknown: Bool

    init(_ type: RecordingType) {
        code = type.rawValue
        css = type.cssName
        family = type.family.cssName
        isSBD = type == .soundboard
        isAUD = type == .audience
        isMTX = type == .matrix
        isSBDAUD = type == .soundboardAudience
        isFM = type == .fm
        isPreFM = type == .preFM
        isUnknown = type == .unknown
    }
}

/// Why the recording page shows its type: the metadata field and the words quoted from it.
public struct TypeEvidenceModel: Sendable {
    /// The metadata field's name in the site's language (`type_evidence_field_…` of the strings).
    public var field: String
    public var phrase: String
}
