"""TODO docstring"""
