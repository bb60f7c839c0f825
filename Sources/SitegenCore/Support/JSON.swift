import Foundation

/// A parsed JSON document, kept as the service sent it. Readers look at it through `JSONCursor`,
/// which knows where it is and tolerates the quirks of real API responses.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses `data`, turning a syntax error into a `SitegenError` that names `file`.
    public static func parse(_ data: Data, file: String) throws(SitegenError) -> JSON {
        do {
            return try JSONDecoder().decode(JSON.self, from: data)
        } catch let error as DecodingError {
            throw SitegenError("not valid JSON (\(Self.reason(error)))", at: SourceLocation(file: file))
        } catch {
            throw SitegenError("not valid JSON (\(error))", at: SourceLocation(file: file))
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        default:
            return "\(error)"
        }
    }
}

extension JSON: Decodable {
    public init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            if let count = array.count { items.reserveCapacity(count) }
            while !array.isAtEnd { items.append(try array.decode(JSON.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSON] = [:]
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSON.self, forKey: key) }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
