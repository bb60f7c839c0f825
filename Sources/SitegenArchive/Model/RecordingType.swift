/// How a recording was made, in the words collectors use. archive.org has no field for it:
/// `RecordingTypeClassifier` reads it from the item's text, and keeps what it read as
/// `TypeEvidence`. Names and explanations for visitors live in the templates.
public enum RecordingType: String, Sendable, CaseIterable {
    /// The mixing desk's output, taped at the show.
    case soundboard = "SBD"
    /// Microphones in the audience.
    case audience = "AUD"
    /// A mix of soundboard and audience sources that says it is a matrix.
    case matrix = "MTX"
    /// Soundboard and audience put together without being called a matrix: patches,
    /// composites, surround remixes with audience channels.
    case soundboardAudience = "SBD+AUD"
    /// A radio (or TV) broadcast taped off the air.
    case fm = "FM"
    /// The broadcaster's feed before transmission: a soundboard by way of the station.
    case preFM = "Pre-FM"
    /// The text does not say.
    case unknown = "unknown"

    /// Lower-case, CSS-friendly: "sbd", "aud", "mtx", "sbd-aud", "fm", "pre-fm", "unknown".
    public var cssName: String {
        switch self {
        case .soundboard: "sbd"
        case .audience: "aud"
        case .matrix: "mtx"
        case .soundboardAudience: "sbd-aud"
        case .fm: "fm"
        case .preFM: "pre-fm"
        case .unknown: "unknown"
        }
    }

    /// The group a filter puts it in: Pre-FM is filtered with FM; every other type is its own.
    public var family: RecordingType { self == .preFM ? .fm : self }
}

/// Why a recording has its type: the field that decided and the words it says, quoted so a
/// collector can check them ("SBD — from source: 'Soundboard > Master Reel'").
public struct TypeEvidence: Sendable, Hashable {
    /// The archive.org metadata field: "identifier", "source", "lineage", "taper", "subject",
    /// "notes" or "description".
    public var field: String
    /// An excerpt of that field around the deciding words, as written.
    public var phrase: String

    public init(field: String, phrase: String) {
        self.field = field
        self.phrase = phrase
    }
}
