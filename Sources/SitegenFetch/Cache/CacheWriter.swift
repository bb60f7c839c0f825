import Foundation
import SitegenCore
#if canImport(Glibc)
import Glibc
#endif

/// What became of a cache file.
public enum Disposition: String, Sendable, CaseIterable {
    /// There was no file; now there is.
    case new
    /// The service sent other bytes than the file held; the file holds them now.
    case changed
    /// The service sent the bytes the file held.
    case unchanged
    /// The service said "not found" or sent nothing usable, and a good file was kept.
    case kept
}

/// Writes answers into the content folder: each file whole or not at all (a temporary name in the
/// same folder, renamed over the old one), and never a worse answer over a good one.
struct CacheWriter: Sendable {
    let content: URL

    func url(_ path: CachePath) -> URL { path.url(in: content) }

    func exists(_ path: CachePath) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    func read(_ path: CachePath) -> Data? { FileManager.default.contents(atPath: url(path).path) }

    /// The cached file parsed, if it is there and is JSON.
    func json(_ path: CachePath) -> JSONCursor? {
        guard let data = read(path), let value = try? JSON.parse(data, file: path.description) else { return nil }
        return JSONCursor(value, file: path.description)
    }

    /// True when the cached file is the data itself, not an error or "not found" body.
    func holdsGood(_ path: CachePath, expects: Expectation) -> Bool {
        guard let root = json(path) else { return false }
        return AnswerJudge.judgeBody(root, expects: expects) == .good
    }

    /// stat(2) rather than FileManager's attributes, which look up the owner's name in
    /// /etc/passwd for every file: this is asked for every cached week and item.
    func modified(_ path: CachePath) -> Date? {
        var info = stat()
        guard stat(url(path).path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.modifiedNanoseconds) / 1e9)
    }

    /// Stores a good answer or a "not found" body (judged already).
    func store(_ body: Data, good: Bool, at path: CachePath, expects: Expectation) throws(SitegenError) -> Disposition {
        let old = read(path)
        if let old, old == body {
            // Touched, so "fetched after the week ended" and similar checks see this answer's
            // time: the file system's, as a written file's is (not the run's injectable clock).
            do {
                try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url(path).path)
            } catch {
                throw SitegenError("cannot touch \(url(path).path): \(error.localizedDescription)")
            }
            return .unchanged
        }
        if !good, old != nil, holdsGood(path, expects: expects) { return .kept }
        try AtomicFile.write(body, to: url(path))
        return old == nil ? .new : .changed
    }

    /// Removes a file the service no longer lists (a calendar or listing page past the end).
    func remove(_ path: CachePath) throws(SitegenError) {
        guard exists(path) else { return }
        do { try FileManager.default.removeItem(at: url(path)) } catch {
            throw SitegenError("cannot remove \(url(path).path): \(error.localizedDescription)")
        }
    }

    /// What became of a file moved to another folder of the cache.
    enum Move: Equatable {
        /// It is at its new place (over an older file of that name, if there was one).
        case moved
        /// Its new place held a file as new or newer, which was kept; this one was removed.
        case superseded
    }

    /// Moves a file by one rename(2), so it is whole at one place or the other at every moment,
    /// never over a newer file of the new name (modification times: a file fetched there after
    /// the old one is the newer answer). Only called under the content lock, which keeps every
    /// other sitegen process out between the look at the new place and the rename.
    func move(_ from: CachePath, to: CachePath) throws(SitegenError) -> Move {
        let (source, target) = (url(from), url(to))
        if exists(to), let old = modified(from), let new = modified(to), new >= old {
            try remove(from)
            return .superseded
        }
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SitegenError("cannot move \(source.path) to \(target.path): \(error.localizedDescription)")
        }
        guard rename(source.path, target.path) == 0 else {
            throw SitegenError("cannot move \(source.path) to \(target.path): \(String(cString: strerror(errno)))")
        }
        return .moved
    }

    /// Whether each part of a folder's path under the content folder is a folder itself, not a
    /// symbolic link (lstat(2)): a link could lead anywhere on the disk, and files moved out of
    /// it would bring what it points at into the cache.
    func isRealFolder(_ folder: [String]) -> Bool {
        var url = content
        for part in folder {
            url.appendPathComponent(part)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        }
        return true
    }

    /// Whether a cache file is a plain file (lstat(2)): not a symbolic link, folder or device.
    func isPlainFile(_ path: CachePath) -> Bool {
        var info = stat()
        return lstat(url(path).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes a folder of the cache if it is empty (rmdir(2) refuses one that is not).
    func removeFolderIfEmpty(_ folder: [String]) {
        rmdir(folder.reduce(content) { $0.appendingPathComponent($1) }.path)
    }

    /// The file names in a folder of the cache, hidden ones left out: none when there is no such
    /// folder, nil when there is one that cannot be listed (a caller that only skips work can
    /// take that for none; one that decides from what is cached must not).
    func names(in folder: [String]) -> [String]? {
        let url = folder.reduce(content) { $0.appendingPathComponent($1) }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            var info = stat()
            return lstat(url.path, &info) != 0 && errno == ENOENT ? [] : nil
        }
    }

    /// Removes the temporary files of writes a killed fetch left behind (`.<name>.tmp-<pid>`);
    /// only called under the content lock, so no live write can be among them.
    func removeLeftovers(under folders: [String]) {
        for folder in folders {
            let root = content.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix("."), name.range(of: #"\.tmp-[0-9]+$"#, options: .regularExpression) != nil {
                    try? FileManager.default.removeItem(atPath: root.appendingPathComponent(relative).path)
                }
            }
        }
    }
}
