import CyrillicIME
import Foundation

/// Benchmark layers measured from Swift (driven by scripts/bench.sh):
///   layer3 — `RustCoreEngine.processKey`, including decoding into `ConversionResult`.
/// Replays a corpus key by key with the real pending buffer (a space after each word),
/// times every call, and writes one latency per line (ns) for scripts/tools/bench_report.py.
///
/// Usage: cyrillic-ime-bench layer3 CORPUS PROFILE_ID KEYS SAMPLES_OUT

func keystrokes(ofCorpusAt path: String) throws -> [String] {
    let corpus = try String(contentsOfFile: path, encoding: .utf8)
    return corpus.split(whereSeparator: \.isWhitespace).flatMap { word in word.map(String.init) + [" "] }
}

func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func benchmarkEngine(stream: [String], profileID: String, keys: Int, samplesPath: String) throws {
    let engine = RustCoreEngine.shared
    try engine.initializeWithBundledResources()
    func type(_ count: Int, recording samples: UnsafeMutableBufferPointer<UInt64>?) {
        var buffer = ""
        for index in 0..<count {
            let key = stream[index % stream.count]
            let start = samples == nil ? 0 : nowNanoseconds()
            guard let result = engine.processKey(key, buffer: buffer, profileID: profileID) else {
                fatalError("the core returned NULL")
            }
            samples?[index] = nowNanoseconds() - start
            buffer = result.buffer
        }
    }
    type(keys / 10, recording: nil)
    var samples = [UInt64](repeating: 0, count: keys)
    samples.withUnsafeMutableBufferPointer { type(keys, recording: $0) }
    let start = nowNanoseconds()
    type(keys, recording: nil)
    let batch = Double(nowNanoseconds() - start) / Double(keys)
    var text = String(format: "# layer3 batch_ns_per_key=%.1f\n", batch)
    text.reserveCapacity(keys * 6)
    for sample in samples { text += "\(sample)\n" }
    try text.write(toFile: samplesPath, atomically: true, encoding: .utf8)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, arguments[0] == "layer3", let keys = Int(arguments[3]), keys > 0 else {
    FileHandle.standardError.write(Data("usage: cyrillic-ime-bench layer3 CORPUS PROFILE_ID KEYS SAMPLES_OUT\n".utf8))
    exit(64)
}
do {
    let stream = try keystrokes(ofCorpusAt: arguments[1])
    try benchmarkEngine(stream: stream, profileID: arguments[2], keys: keys, samplesPath: arguments[4])
} catch {
    FileHandle.standardError.write(Data("cyrillic-ime-bench: \(error)\n".utf8))
    exit(1)
}
