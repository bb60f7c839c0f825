import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends bytes no HTTP client would send to a loopback port and returns what came back before the
/// server closed the connection (or 30 seconds passed: on a machine busy with the whole test
/// suite an answer may take seconds): the server's answer to requests that cannot be decoded is
/// tested on the wire, as a hostile client would meet it.
func rawExchange(port: Int, _ text: String, upTo limit: Int = .max) async throws -> String {
    try await rawExchange(port: port, bytes: Array(text.utf8), upTo: limit)
}

/// The same with bytes that need not be text (not UTF-8, say). With a limit, it reads that many
/// bytes of the answer and leaves, as a client that lost interest does.
func rawExchange(port: Int, bytes: [UInt8], upTo limit: Int = .max) async throws -> String {
    try await onThread { Result { try rawExchangeNow(port: port, bytes, limit: limit) } }.get()
}

struct RawExchangeError: Error, CustomStringConvertible {
    var description: String
}

private func rawExchangeNow(port: Int, _ data: [UInt8], limit: Int) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawExchangeError(description: "socket: errno \(errno)") }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw RawExchangeError(description: "connect: errno \(errno)") }
    guard send(fd, data, data.count, 0) == data.count else { throw RawExchangeError(description: "send: errno \(errno)") }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while answer.count < limit {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
}
