import Foundation
import SitegenCharts
import SitegenCore

extension FetchRun {
    /// The largest cover of every cached album.getInfo answer, picture of every cached
    /// artist.getInfo answer and avatar of every cached user.getInfo answer that is neither
    /// copied nor recorded as missing, or whose copy was made from another URL than the answer
    /// links now. A new copy is written whole beside the old one (or over it, by rename) before
    /// the old one goes.
    func fetchImages() async {
        if Task.isCancelled { return }
        var requests: [FetchRequest] = []
        var replaced: [(record: CachePath?, url: String, old: [CachePath])] = []
        var present: [String: [String: [String]]] = [:]
        var resolved: [String: String?] = [:]
        for kind in ["albums", LastFMArtistFiles.imageKind, "users"] {
            for name in writer.names(in: ImagesPlan.folder + [kind]) ?? [] {
                if let stem = ImagesPlan.stem(ofCopy: name) { present[kind, default: [:]][stem, default: []].append(name) }
            }
        }
        for answer in imageAnswers() {
            guard let root = CachePath(answer.file).flatMap(writer.json), LastFMError.found(in: root) == nil else { continue }
            let copies = (present[answer.kind]?[answer.stem] ?? []).compactMap { CachePath(ImagesPlan.folder + [answer.kind, $0]) }
            let record = ImagesPlan.sourceRecord(kind: answer.kind, stem: answer.stem)
            guard let largest = LastFMReader.artwork(root[answer.root]["image"], warnings: WarningLog())?.variants.last else {
                // The answer links no image now (or only the placeholder star): a copy would show an old one.
                for copy in copies + [record].compactMap({ $0 }) { remove(copy) }
                continue
            }
            guard let request = ImagesPlan.request(link: largest.url, kind: answer.kind, stem: answer.stem) else {
                refuse(.images, what: "the image of \(answer.file.joined(separator: "/"))", reason: "not an http(s) link")
                continue
            }
            guard ImagesPlan.mayAsk(host: request.url.host ?? "", trusted: base(.lastfm).host) else {
                refuse(.images, what: "the image of \(answer.file.joined(separator: "/"))",
                       reason: "a link to this machine or a network of its own (\(request.url.host ?? "")), not one to Last.fm's images")
                continue
            }
            if !copies.isEmpty {
                let recorded = record.flatMap(writer.read).map { String(decoding: $0, as: UTF8.self) }
                if recorded == largest.url { continue }
                // A copy from before sources were recorded is taken as made from this URL.
                if recorded == nil {
                    if let record { store(Data(largest.url.utf8), at: record) }
                    continue
                }
            }
            // Only a host about to be asked is resolved, and not in a dry run, which sends nothing.
            if !options.dryRun, let host = request.url.host,
               let address = await ownNetworkAddress(of: host, trusted: base(.lastfm).host, known: &resolved) {
                refuse(.images, what: "the image of \(answer.file.joined(separator: "/"))",
                       reason: "\(host) resolves to \(address), an address of this machine or a network of its own")
                continue
            }
            if Task.isCancelled { return }
            requests.append(request)
            replaced.append((record, largest.url, copies.filter { $0 != request.file && $0 != ImagesPlan.missingMarker(request.file) }))
        }
        let waiting = recorder.awaitingImages
        if waiting > 0 { uncounted(.images, "those linked by Last.fm answers not cached yet (\(waiting.counted("album.getInfo, artist.getInfo or user.getInfo request")) counted above)") }
        for (index, stored) in await perform(requests).enumerated() where stored && !options.dryRun {
            if let record = replaced[index].record { store(Data(replaced[index].url.utf8), at: record) }
            for old in replaced[index].old { remove(old) }
        }
    }

    /// `ImagesPlan.ownNetworkAddress` of `host`, resolved once a run (Last.fm links its images
    /// on one or two hosts), off the cooperative pool: the resolver blocks. The host the answers
    /// come from is trusted, as in `ImagesPlan.mayAsk`.
    private func ownNetworkAddress(of host: String, trusted: String?, known: inout [String: String?]) async -> String? {
        if ImagesPlan.isTrusted(host, trusted) { return nil }
        if let answer = known[host] { return answer }
        let answer = await withCheckedContinuation { (done: CheckedContinuation<String?, Never>) in
            DispatchQueue.global().async { done.resume(returning: ImagesPlan.ownNetworkAddress(resolving: host)) }
        }
        known[host] = answer
        return answer
    }

    /// Writes fetch's own record of a copy (not an answer: nothing to judge or count).
    private func store(_ data: Data, at path: CachePath) {
        guard !options.dryRun else { return }
        do throws(SitegenError) { try AtomicFile.write(data, to: writer.url(path)) } catch { recorder.note(error.message) }
    }

    /// The cached Last.fm answers that link an image: the file, the key its `image` list is
    /// under, and the kind and stem its copy is named by (`LocalImages`).
    private func imageAnswers() -> [(file: [String], root: String, kind: String, stem: String)] {
        var answers: [(file: [String], root: String, kind: String, stem: String)] = []
        let albums = ChartsCacheFiles.albums.split(separator: "/").map(String.init)
        for name in writer.names(in: albums) ?? [] where name.hasSuffix(".json") {
            answers.append((albums + [name], "album", "albums", String(name.dropLast(".json".count))))
        }
        let artists = LastFMArtistFiles.folder.split(separator: "/").map(String.init)
        for name in writer.names(in: artists) ?? [] {
            guard let stem = LastFMArtistFiles.stem(ofFile: name) else { continue }
            answers.append((artists + [name], "artist", LastFMArtistFiles.imageKind, stem))
        }
        // A listener's avatar is named for their folder: user.getInfo is always `ChartsCacheFiles.user`.
        for name in writer.names(in: ["charts"]) ?? [] {
            guard let folder = ChartsPlan.folder(name) else { continue }
            answers.append((folder + [ChartsCacheFiles.user], "user", "users", name))
        }
        return answers
    }
}
