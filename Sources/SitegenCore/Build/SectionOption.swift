/// A section's own command-line value, of a type the section defines and reads alone
/// (`--listener ybsc:2` is the charts section's `ChartsSettings.Listener`): the command line
/// reads and checks it, so a bad value is bad usage before any build starts, and the core
/// carries it to the section without knowing its type.
public protocol SectionOption: Sendable {
    /// The option's name: its flag without the dashes ("listener").
    static var optionName: String { get }
    /// The value as the command line writes it, for the build's fingerprint: a build with
    /// another value is another build.
    var argument: String { get }
}

extension [any SectionOption] {
    /// The values of one type of option, in the order given; nil when there is none.
    public func values<Option: SectionOption>(_ type: Option.Type) -> [Option]? {
        let values = compactMap { $0 as? Option }
        return values.isEmpty ? nil : values
    }

    /// The options as text for fingerprints: "listener=a,b:2", the names sorted, joined by ";".
    var fingerprintText: String {
        let names = Set(map { type(of: $0).optionName }).sorted()
        return names.map { name in
            name + "=" + filter { type(of: $0).optionName == name }.map(\.argument).joined(separator: ",")
        }.joined(separator: ";")
    }
}
