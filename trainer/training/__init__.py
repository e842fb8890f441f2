"""Training: drills, grading, lessons' logic, practice sets, adaptive weights, explanations."""
