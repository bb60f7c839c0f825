import Foundation
import Testing
@testable import SitegenCore

/// The two ways a struct's fields are read for a template: by the field offsets of the standard
/// library's reflection SPI (`_forEachField`), and through `Mirror` for a struct the SPI does not
/// describe. Whichever is chosen, a template must see the same names and the same values.
@Suite("Stored fields")
struct StoredFieldsTests {
    typealias Link = TemplateValuesTests.Link
    typealias Kind = TemplateValuesTests.Kind
    typealias Box = TemplateValuesTests.Box

    struct Wrapped: Sendable {
        @Doubled var number: Int
    }

    @propertyWrapper struct Doubled: Sendable {
        private var stored: Int
        init(wrappedValue: Int) { stored = wrappedValue * 2 }
        var wrappedValue: Int { stored }
    }

    struct Generic<Value: Sendable>: Sendable {
        let value: Value
        let values: [Value]
    }

    /// Every kind of field a view model holds, in an order that is not alphabetical.
    struct Model: @unchecked Sendable {
        let text: String
        var count: Int
        let ratio: Double
        let flag: Bool
        let missing: String?
        let present: String?
        let nested: Link
        let links: [Link]
        let kind: Kind
        let box: Box
        let anything: any Sendable
        let nothing: (any Sendable)?
        let slice: Substring
        let pair: (Int, String)
        let table: [String: Int]
        let a: Int
        var computed: Int { count * 2 }
    }

    struct Empty: Sendable {}

    static let model = Model(text: "a < b", count: 3, ratio: 0.5, flag: true, missing: nil, present: "here",
                             nested: Link(title: "N", href: "n/"), links: [Link(title: "one", href: "1/")], kind: .studio,
                             box: Box(), anything: Link(title: "L", href: "l/"), nothing: nil, slice: "abc".dropFirst(),
                             pair: (1, "x"), table: ["k": 1], a: 9)

    static let examples: [(name: String, value: any Sendable)] = [
        ("model", model),
        ("link", Link(title: "T", href: "t/")),
        ("generic", Generic(value: Link(title: "G", href: "g/"), values: [])),
        ("generic of optionals", Generic<Int?>(value: nil, values: [1, nil])),
        ("property wrapper", Wrapped(number: 4)),
        ("empty", Empty()),
    ]

    /// A table's names by position, and the values it reads (described, so they compare).
    static func read(_ table: StoredFields.Table, _ value: Any) -> (names: [String], values: [String]) {
        var names = Array(repeating: "", count: table.count)
        for (name, position) in table.positions.all { names[position] = name }
        let values = UnsafeMutablePointer<Any?>.allocate(capacity: table.count)
        defer {
            values.deinitialize(count: table.count)
            values.deallocate()
        }
        table.read(value, { $0 }, values)
        return (names, (0..<table.count).map { String(reflecting: values[$0]) })
    }

    @Test(arguments: 0..<examples.count)
    func bothPathsReadTheSameFields(_ index: Int) throws {
        let (name, value) = Self.examples[index]
        let reflected = try #require(StoredFields.reflectedTable(for: type(of: value)), "\(name): not described")
        let mirrored = StoredFields.mirroredTable(example: value)
        let fast = Self.read(reflected, value)
        let slow = Self.read(mirrored, value)
        #expect(fast.names == slow.names, "\(name)")
        #expect(fast.values == slow.values, "\(name)")
        #expect(reflected.count == mirrored.count, "\(name)")
        for field in fast.names {
            #expect(reflected.positions[field] == mirrored.positions[field], "\(name).\(field)")
        }
    }

    @Test func theFieldsAreTheStoredPropertiesInDeclarationOrder() {
        let fields = Self.read(StoredFields.mirroredTable(example: Self.model), Self.model)
        #expect(fields.names == ["text", "count", "ratio", "flag", "missing", "present", "nested", "links", "kind", "box",
                                 "anything", "nothing", "slice", "pair", "table", "a"])
        #expect(fields.values[0] == String(reflecting: Optional<Any>("a < b")))
        #expect(fields.values[15] == String(reflecting: Optional<Any>(9)))
        // A property wrapper's storage is the field, under its underscored name.
        #expect(Self.read(StoredFields.mirroredTable(example: Wrapped(number: 4)), Wrapped(number: 4)).names == ["_number"])
    }

    @Test func aValueReadThroughAnExistentialGivesItsOwnFields() throws {
        // A field declared `any Sendable` holds a struct: both tables see through the existential.
        let held: any Sendable = Link(title: "H", href: "h/")
        let reflected = try #require(StoredFields.reflectedTable(for: Link.self))
        #expect(Self.read(reflected, held as Any).values == Self.read(StoredFields.mirroredTable(example: held), held as Any).values)
    }

    @Test func eachReadAppliesTheTransformToEveryField() {
        // The Mirror path hands each field to the function given, as the reflection path does:
        // that is how nested values are flattened.
        let table = StoredFields.mirroredTable(example: Link(title: "T", href: "t/"))
        let values = UnsafeMutablePointer<Any?>.allocate(capacity: table.count)
        defer {
            values.deinitialize(count: table.count)
            values.deallocate()
        }
        table.read(Link(title: "T", href: "t/"), { ($0 as? String).map { $0 + "!" } }, values)
        #expect(values[0] as? String == "T!")
        #expect(values[1] as? String == "t/!")
    }

    @Test func aStructTheReflectionDeclinesIsReadThroughMirror() throws {
        // The choice made at run time: when `_forEachField` does not describe a struct, its table
        // is the Mirror one, and it reads what the reflection path reads.
        let value = Self.model
        let fallback = try #require(StoredFields.table(for: Model.self, example: value, reflected: { _ in nil }))
        let reflected = try #require(StoredFields.table(for: Model.self, example: value))
        let slow = Self.read(fallback, value)
        #expect(slow.names == Self.read(reflected, value).names)
        #expect(slow.values == Self.read(reflected, value).values)
        #expect(slow.names == Self.read(StoredFields.mirroredTable(example: value), value).names)
    }

    @Test func onlyStructsGetATable() {
        #expect(StoredFields.table(for: Kind.self, example: Kind.live) == nil)
        #expect(StoredFields.table(for: Box.self, example: Box()) == nil)
        #expect(StoredFields.table(for: Link.self, example: Link(title: "", href: "")) != nil)
    }
}
