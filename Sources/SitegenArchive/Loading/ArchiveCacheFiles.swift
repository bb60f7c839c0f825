import SitegenCore

/// The names of the archive's cache files in `Content/archive/<collection>/`, kept here only, so
/// that `sitegen fetch` writes what the loader reads: the listing's pages `search-<n>.json` and
/// an item's answer `items/<identifier>.json`.
public enum ArchiveCacheFiles {
    /// What the listing's pages' names start with.
    public static let searchPrefix = "search-"
    /// The folder of a collection's item answers.
    public static let items = "items"

    /// The file of the listing's page `number` (from 1).
    public static func searchPage(_ number: Int) -> String { "\(searchPrefix)\(number).json" }

    /// The file of an item's answer, in `items`.
    public static func item(_ identifier: String) -> String { identifier + ".json" }

    /// The number of a listing page's file ("search-12.json" → 12): digits without a leading
    /// zero; nil for any other name (`search.json`, `search-0.json` or `search-01.json` is a
    /// stray copy or a hand-made file, not a page of the listing).
    public static func searchPageNumber(_ name: String) -> Int? {
        guard name.hasPrefix(searchPrefix), name.hasSuffix(".json") else { return nil }
        let number = name.dropFirst(searchPrefix.count).dropLast(".json".count)
        guard number.first.map({ $0 != "0" }) == true, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(number)
    }
}

/// What the loader would refuse in an answer `sitegen fetch` is about to store, read by the
/// loader's own readers: a stored answer the build cannot read would stop every build after it.
extension ArchiveCacheFiles {
    /// Why a listing page cannot be read, or nil.
    public static func problem(inSearchPage root: JSONCursor) -> SitegenError? {
        do throws(SitegenError) {
            _ = try SearchPageReader.read(root, file: root.file, warnings: WarningLog())
            return nil
        } catch {
            return error
        }
    }

    /// Why an item's answer cannot be read, or nil.
    public static func problem(inItem root: JSONCursor, identifier: String) -> SitegenError? {
        do throws(SitegenError) {
            _ = try ItemReader.read(root, file: root.file, fallbackIdentifier: identifier, warnings: WarningLog())
            return nil
        } catch {
            return error
        }
    }
}
