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
    /// `context` is what stands before the reading: the conversion starts from its last word,
    /// and it is not part of the answer. `typed` is what the writer typed for parts of the
    /// reading (`TypedWords`): the core then also offers the foreign words among them.
    public func convert(
        _ reading: String, fixedSegmentLengths: [Int] = [], candidates: Int = 9, alternatives: Int = 0,
        matchingHeardSpellings: Bool = true, context: ConversionContext = .none, typed: TypedWords = .none
    ) -> Result<KanjiConversion, KanjiConversionError> {
        convert(ConversionRequest.Convert(
            reading: reading, fixed: fixedSegmentLengths, candidates: candidates, alternatives: alternatives,
            heard: matchingHeardSpellings, boundaries: typed.boundaries(inReadingOf: reading.unicodeScalars.count),
            context: context.payload, typed: typed.payload))
    }

    /// Converts words the writer separated (with spaces) as one sentence: a word boundary
    /// falls between each two words (no dictionary word spans it, but with the heard spellings
    /// one the writer split where kanji meet kana: `току ни` 特に), and the answer's reading
    /// is the words joined, without anything between them. `typed` places what was typed on
    /// that joined reading; `TypedWords(language:typed:forEachOf:)` makes it word by word.
    public func convert(
        words: [String], candidates: Int = 9, alternatives: Int = 0, matchingHeardSpellings: Bool = true,
        context: ConversionContext = .none, typed: TypedWords = .none
    ) -> Result<KanjiConversion, KanjiConversionError> {
        let boundaries = ConversionRequest.boundaries(between: words)
        return convert(ConversionRequest.Convert(
            reading: words.joined(), fixed: [], candidates: candidates, alternatives: alternatives,
            heard: matchingHeardSpellings, boundaries: boundaries.isEmpty ? nil : boundaries, context: context.payload,
            typed: typed.payload))
    }

    private func convert(_ request: ConversionRequest.Convert) -> Result<KanjiConversion, KanjiConversionError> {
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_convert($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: request.reading)
    }

    /// Like `convert`, but never fails: a failed conversion is the reading, unconverted.
    public func convertOrFallback(
        _ reading: String, candidates: Int = 9, context: ConversionContext = .none
    ) -> KanjiConversion {
        (try? convert(reading, candidates: candidates, context: context).get()) ?? .unconverted(reading)
    }

    /// Makes segment `index` of `conversion` longer (`delta` > 0) or shorter and converts
    /// again; the segments before it and the resized one stay fixed. `context` and `typed`:
    /// as the conversion was made with.
    public func resizeSegment(
        of conversion: KanjiConversion, at index: Int, by delta: Int, candidates: Int = 9,
        context: ConversionContext = .none, typed: TypedWords = .none
    ) -> Result<KanjiConversion, KanjiConversionError> {
        let request = ConversionRequest.Resize(
            reading: conversion.reading, segments: conversion.segmentLengths, index: index, delta: delta,
            candidates: candidates, alternatives: 0, context: context.payload,
            boundaries: typed.boundaries(inReadingOf: conversion.reading.unicodeScalars.count), typed: typed.payload)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_resize_segment($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: conversion.reading)
    }

    /// More candidates for segment `index` of `conversion` (its segmentation kept).
    /// `context` and `typed`: as the conversion was made with.
    public func candidates(
        forSegment index: Int, of conversion: KanjiConversion, limit: Int, context: ConversionContext = .none,
        typed: TypedWords = .none
    ) -> Result<[String], KanjiConversionError> {
        let request = ConversionRequest.SegmentCandidates(
            reading: conversion.reading, segments: conversion.segmentLengths, index: index, limit: limit,
            context: context.payload, boundaries: typed.boundaries(inReadingOf: conversion.reading.unicodeScalars.count),
            typed: typed.payload)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_segment_candidates($0)) }
        return ConversionAnswer.candidates(from: json, reading: conversion.reading)
    }

    /// Predictions for what is being composed, after `context`.
    public func predictions(
        for reading: String, limit: Int = 9, context: ConversionContext = .none
    ) -> Result<[KanjiPrediction], KanjiConversionError> {
        let request = ConversionRequest.Predict(reading: reading, limit: limit, context: context.payload)
        let json = ConversionRequest.json(request).withCString { Self.takeString(rust_predict($0)) }
        return ConversionAnswer.predictions(from: json, reading: reading)
    }

    /// The words that usually follow `context` (next-word prediction: predictions of an empty
    /// reading). Without a context, or one the core finds no known word in, none.
    public func nextWords(after context: ConversionContext, limit: Int = 9) -> Result<[KanjiPrediction], KanjiConversionError> {
        guard context.payload != nil else { return .success([]) }
        return predictions(for: "", limit: limit, context: context)
    }
}
