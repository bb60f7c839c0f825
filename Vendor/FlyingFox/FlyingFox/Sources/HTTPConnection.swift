//
//  sitegen: changed by Vendor/FlyingFox.patch (input dropped before closing a refused request).
//  HTTPConnection.swift
//  FlyingFox
//
//  Created by Simon Whitty on 13/02/2022.
//  Copyright © 2022 Simon Whitty. All rights reserved.
//
//  Distributed under the permissive MIT license
//  Get the latest version from here:
//
//  https://github.com/swhitty/FlyingFox
//
//  Permission is hereby granted, free of charge, to any person obtaining a copy
//  of this software and associated documentation files (the "Software"), to deal
//  in the Software without restriction, including without limitation the rights
//  to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//  copies of the Software, and to permit persons to whom the Software is
//  furnished to do so, subject to the following conditions:
//
//  The above copyright notice and this permission notice shall be included in all
//  copies or substantial portions of the Software.
//
//  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//  AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//  LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//  OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
//  SOFTWARE.
//

import FlyingSocks
import Foundation

struct HTTPConnection: Sendable {

    let hostname: String
    private let socket: AsyncSocket
    private let bytes: AsyncBufferingSequence<AsyncSocketReadSequence>
    private let decoder: HTTPDecoder
    private let logger: any Logging
    let requests: HTTPRequestSequence<AsyncBufferingSequence<AsyncSocketReadSequence>>

    init(socket: AsyncSocket, decoder: HTTPDecoder, logger: some Logging) {
        self.socket = socket
        self.decoder = decoder
        self.logger = logger

        // Wrap socket.bytes once per connection so header parsing, body
        // reading, and any subsequent protocol upgrade all share a single
        // 4 KB read buffer. Without this, the HTTP decoder pulls one byte
        // per syscall through `iterator.next()` while parsing the status
        // line and headers.
        let bytes = AsyncBufferingSequence(socket.bytes)
        let (peer, identifier) = HTTPConnection.makeIdentifier(from: socket.socket)
        self.hostname = identifier
        self.bytes = bytes
        self.requests = HTTPRequestSequence(bytes: bytes, decoder: decoder, remoteAddress: peer)
    }

    func complete() async {
        await requests.complete()
    }

    func sendResponse(_ response: HTTPResponse) async throws {
        let header = HTTPEncoder.encodeResponseHeader(response)

        switch response.payload {
        case .httpBody(let sequence):
            try await socket.write(header)
            var sent = 0
            for try await chunk in sequence {
                do {
                    try await socket.write(chunk)
                    sent += chunk.count
                } catch {
                    let total = sequence.count.map(String.init) ?? "unknown"
                    throw Error("\(error.localizedDescription), sent: \(sent)/\(total).")
                }
            }
        case .webSocket(let handler):
            try await switchToWebSocket(with: handler, response: header)
        }
    }

    func switchToWebSocket(with handler: some WSHandler, response: Data) async throws {
        // Reuse the connection-wide buffered stream so any bytes already
        // pulled past the upgrade request remain available to the WS framer.
        let client = AsyncThrowingStream.decodingFrames(from: bytes)
        let server = try await handler.makeFrames(for: client)
        try await socket.write(response)
        logger.logSwitchProtocol(self, to: "websocket")
        await requests.complete()
        for await frame in server {
            try await socket.write(WSFrameEncoder.encodeFrame(frame))
        }
    }

    func close() throws {
        try socket.close()
    }

    // sitegen patch: after refusing a request, ends the answer (the client reads the end of it
    // and may close) and reads (and drops) what the client still sends, for a second and up to
    // 1 MB, before the connection closes: closing with bytes unread resets the connection, and
    // the client may never read the answer. A client that goes away ends it at once.
    func discardInput() async {
        #if !os(Windows)
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        #endif
        _ = try? await withThrowingTimeout(seconds: 1) { [bytes] in
            var iterator = bytes.makeAsyncIterator()
            var discarded = 0
            while discarded < 1 << 20, let chunk = try await iterator.nextBuffer(suggested: 64 * 1024) {
                discarded += chunk.count
            }
        }
    }

    struct Error: LocalizedError {
        var errorDescription: String?

        init(_ description: String) {
            self.errorDescription = description
        }
    }
}

extension HTTPConnection: Hashable {

    static func == (lhs: HTTPConnection, rhs: HTTPConnection) -> Bool {
        lhs.socket.socket.file == rhs.socket.socket.file
    }

    func hash(into hasher: inout Hasher) {
        socket.socket.file.hash(into: &hasher)
    }
}

actor HTTPRequestSequence<S: AsyncBufferedSequence & Sendable>: AsyncSequence, AsyncIteratorProtocol where S.Element == UInt8 {
    typealias Element = HTTPRequest
    private let bytes: S
    private let remoteAddress: HTTPRequest.Address?
    private let decoder: HTTPDecoder

    private var isComplete: Bool
    private var task: Task<Element, any Error>?

    init(bytes: S, decoder: HTTPDecoder, remoteAddress: Socket.Address?) {
        self.bytes = bytes
        self.decoder = decoder
        self.remoteAddress = remoteAddress.map(HTTPRequest.Address.make)
        self.isComplete = false
    }

    fileprivate func complete() {
        isComplete = true
        task?.cancel()
    }

    nonisolated func makeAsyncIterator() -> HTTPRequestSequence { self }

    func next() async throws -> HTTPRequest? {
        guard !isComplete else { return nil }

        do {
            let task = Task { try await decoder.decodeRequest(from: bytes) }
            self.task = task
            defer { self.task = nil }
            var request = try await task.getValue(cancelling: .whenParentIsCancelled)
            request.remoteAddress = remoteAddress
            if !request.shouldKeepAlive {
                isComplete = true
            }
            return request
        } catch SocketError.disconnected, is SequenceTerminationError {
            return nil
        } catch {
            throw error
        }
    }
}

extension HTTPConnection {

    static func makeIdentifier(from socket: Socket) -> (address: Socket.Address?, identifier: String) {
        guard let peer = try? socket.remotePeer() else {
            return (nil, "unknown")
        }

        if case .unix = peer, let unixAddress = try? socket.sockname() {
            return (peer, makeIdentifier(from: unixAddress))
        } else {
            return (peer, makeIdentifier(from: peer))
        }
    }

    static func makeIdentifier(from peer: Socket.Address) -> String {
        switch peer {
        case .ip4(let address, port: _):
            return address
        case .ip6(let address, port: _):
            return address
        case .unix(let path):
            return path
        }
    }
}
