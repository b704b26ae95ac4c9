import CCyrillicIMECore

/// Kana→kanji conversion through the core (docs/FFI.md, "Conversion"). Every call is one
/// export: a JSON request in, a JSON answer out, copied and freed at once. On any failure
/// the error carries the reading, so the keyboard can commit the kana as typed.
extension RustCoreEngine {
    /// Opens, validates and swaps in the compiled dictionary at `path`. On failure the
    /// dictionary that was loaded stays loaded, and the error names the file and the problem.
    @discardableResult
    public func loadDictionary(atPath path: String) throws(DictionaryLoadError) -> DictionaryInfo {
        let json = path.withCString { Self.takeString(rust_load_dictionary($0)) }
        switch ConversionAnswer.decode(DictionaryInfo.self, from: json, reading: "") {
        case .success(let info): return info
        case .failure(let error): throw DictionaryLoadError(message: error.message)
        }
    }

    /// The loaded dictionary, or `nil` when none is loaded.
    public func dictionaryInfo() -> DictionaryInfo? {
        guard let json = Self.takeString(rust_dictionary_info()) else { return nil }
        return try? JSONDecoding.decode(DictionaryInfo.self, from: json)
    }

    /// Converts `reading`. `fixedSegmentLengths` pins the first segments (Unicode scalars);
    /// `alternatives` asks for that many whole-reading conversions. `matchingHeardSpellings`
    /// (the default) also matches words spelled as a listener writes them (long vowels
    /// unmarked, particles as heard; docs/CONVERSION.md); `false` matches the reading exactly.
    public func convert(
        _ reading: String, fixedSegmentLengths: [Int] = [], candidates: Int = 9, alternatives: Int = 0,
        matchingHeardSpellings: Bool = true
    ) -> Result<KanjiConversion, KanjiConversionError> {
        let request = ConversionRequest.Convert(
            reading: reading, fixed: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            heard: matchingHeardSpellings)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_convert($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: reading)
    }

    /// Like `convert`, but never fails: a failed conversion is the reading, unconverted.
    public func convertOrFallback(_ reading: String, candidates: Int = 9) -> KanjiConversion {
        (try? convert(reading, candidates: candidates).get()) ?? .unconverted(reading)
    }

    /// Makes segment `index` of `conversion` longer (`delta` > 0) or shorter and converts
    /// again; the segments before it and the resized one stay fixed.
    public func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int = 9
    ) -> Result<KanjiConversion, KanjiConversionError> {
        let request = ConversionRequest.Resize(
            reading: conversion.reading, segments: conversion.segmentLengths, index: index, delta: delta,
            candidates: candidates, alternatives: 0)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_resize_segment($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: conversion.reading)
    }

    /// More candidates for segment `index` of `conversion` (its segmentation kept).
    public func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int
    ) -> Result<[String], KanjiConversionError> {
        let request = ConversionRequest.SegmentCandidates(
            reading: conversion.reading, segments: conversion.segmentLengths, index: index, limit: limit)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_segment_candidates($0)) }
        return ConversionAnswer.candidates(from: json, reading: conversion.reading)
    }

    /// Predictions for what is being composed.
    public func predictions(for reading: String, limit: Int = 9) -> Result<[KanjiPrediction], KanjiConversionError> {
        let request = ConversionRequest.Predict(reading: reading, limit: limit)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_predict($0)) }
        return ConversionAnswer.predictions(from: json, reading: reading)
    }
}
