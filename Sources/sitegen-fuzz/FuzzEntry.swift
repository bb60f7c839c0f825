import Foundation
import SitegenCore
import SitegenFuzzing

// Built two ways. With `-sanitize=fuzzer` and `-DSITEGEN_LIBFUZZER` (Scripts/fuzz/run.sh), it
// hands its command line to libFuzzer's driver, which calls `fuzzOne` with each input it makes;
// the target comes from the environment, as the command line is libFuzzer's. Built plainly
// (`swift run sitegen-fuzz TARGET FILE…`), it reads the files it is given through a target once
// each: how a crash libFuzzer saved is replayed under a debugger.

@main
enum FuzzMain {
    static func main() {
        #if SITEGEN_LIBFUZZER
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv, fuzzOne))
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }
}

#if SITEGEN_LIBFUZZER
/// libFuzzer's driver, called from our own `main`: SwiftPM names an executable's entry point
/// itself, so libFuzzer's `main` is not the one linked.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The target of this run: `SITEGEN_FUZZ_TARGET`.
let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("SITEGEN_FUZZ_TARGET must name one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

/// One input of libFuzzer's. Exported under the name libFuzzer's own objects refer to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
#else
func replay(_ arguments: ArraySlice<String>) {
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
        print("usage: sitegen-fuzz TARGET FILE...   (TARGET: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
        exit(2)
    }
    for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): cannot be read")
            exit(2)
        }
        print("\(path): " + (target.run(data)?.description ?? "read"))
    }
}
#endif
